import type { viIntegrations } from './integrations.vi';

/** English strings of the Integrations page. */
export const enIntegrations: Record<keyof typeof viIntegrations, string> = {
  'nav.integrations': 'Integrations',
  'apiKeys.title': 'API keys',
  'apiKeys.intro': 'Other systems call the Loa API with a key (Authorization: Bearer header). Each key has rights and an area like an account; every call is written to the system log.',
  'apiKeys.create': 'Create API key',
  'apiKeys.createSubmit': 'Create key',
  'apiKeys.none': 'No API keys yet.',
  'apiKeys.name': 'Key name',
  'apiKeys.nameHelp': 'The system that uses the key, e.g. Provincial hydro-meteorological station',
  'apiKeys.rate': 'Calls allowed per minute',
  'apiKeys.perMinute': '{n}/min',
  'apiKeys.createdBy': 'Created by',
  'apiKeys.lastUsed': 'Last used',
  'apiKeys.neverUsed': 'Never',
  'apiKeys.noRights': 'No rights',
  'apiKeys.stateActive': 'Active',
  'apiKeys.stateRevoked': 'Revoked',
  'apiKeys.revoke': 'Revoke',
  'apiKeys.confirmRevoke': 'Revoke the key "{name}"? The system using it is refused at once.',
  'apiKeys.revoked': 'The key "{name}" was revoked.',
  'apiKeys.secretTitle': 'API key "{name}"',
  'apiKeys.secretOnce': 'Copy this key now: Loa keeps only its hash and will not show it again.',
  'apiKeys.howToUse': 'Send the key in the header of every request:',
  'apiKeys.secretDone': 'I have saved the key',
};
