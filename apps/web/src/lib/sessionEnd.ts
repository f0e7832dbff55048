import type { MessageId } from '../i18n/vi';

/** Why a session ended without the user signing out here: expired, signed out from another device, locked. */
export type SessionEndReason = 'hethan' | 'thietbikhac' | 'khoa';

const MESSAGES: Record<SessionEndReason, MessageId> = {
  hethan: 'sessionEnded.expired',
  thietbikhac: 'sessionEnded.remote',
  khoa: 'sessionEnded.locked',
};

/** The query parameter /login reads the reason from: it survives the reload that ends a session. */
export const SESSION_END_PARAM = 'lydo';

/** Where an ended session goes: /login saying why. */
export const loginPathFor = (reason: SessionEndReason): string => `/login?${SESSION_END_PARAM}=${reason}`;

/** The message for /login's reason parameter, or null for none (or one it does not know). */
export function sessionEndMessage(search: string): MessageId | null {
  const reason = new URLSearchParams(search).get(SESSION_END_PARAM);
  return reason && reason in MESSAGES ? MESSAGES[reason as SessionEndReason] : null;
}
