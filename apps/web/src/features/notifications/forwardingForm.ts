import { DEFAULT_LOCALE, NOTIFICATION_MESSAGES, forwardingUpdateBodySchema, type Locale, type Forwarding, type ForwardingUpdateBody, type MessagingService, type NotificationKind } from '@loa/contract';

/** The settings form of one messaging service; secret fields start empty (empty keeps the stored secret). */
export interface ForwardingFormValues {
  batdau: boolean;
  /** The language the messages are written in. */
  ngonngu: Locale;
  sukien: NotificationKind[];
  bottoken: string;
  chatid: string;
  /** Zalo OA: the access token (empty keeps the stored one) and the followers' user ids. */
  accesstoken: string;
  nguoinhan: string;
  url: string;
  bimat: string;
}

/** The form's starting values from the server's (masked) setting. */
export function forwardingToForm(setting: Forwarding | undefined, consoleLocale: Locale = DEFAULT_LOCALE): ForwardingFormValues {
  return {
    batdau: setting?.batdau ?? false,
    // A service not yet set up writes in the console's language.
    ngonngu: setting?.ngonngu ?? consoleLocale,
    sukien: setting?.sukien ?? [],
    bottoken: '',
    chatid: setting?.cauhinh.chatid ?? '',
    accesstoken: '',
    nguoinhan: setting?.cauhinh.nguoinhan ?? '',
    url: setting?.cauhinh.url ?? '',
    bimat: '',
  };
}

/** The secret field each service needs, with its message when none is typed and none is stored. */
const REQUIRED_SECRET: Partial<Record<MessagingService, { field: 'bottoken' | 'accesstoken'; message: string }>> = {
  telegram: { field: 'bottoken', message: NOTIFICATION_MESSAGES.telegramTokenRequired },
  zalo: { field: 'accesstoken', message: NOTIFICATION_MESSAGES.zaloTokenRequired },
};

/**
 * The body for capnhat, checked by the contract (and, as the server does, for a token when none is
 * stored): the first message, and every field at fault with its own message (an empty form flags
 * all its fields at once, not one at a time).
 */
export function forwardingBody(service: MessagingService, values: ForwardingFormValues, stored?: Forwarding | null): { body?: ForwardingUpdateBody; error?: string; field?: string; fields?: Record<string, string> } {
  const cauhinh = service === 'telegram'
    ? { chatid: values.chatid, ...(values.bottoken.trim() ? { bottoken: values.bottoken.trim() } : {}) }
    : service === 'zalo'
      ? { nguoinhan: values.nguoinhan, ...(values.accesstoken.trim() ? { accesstoken: values.accesstoken.trim() } : {}) }
      : { url: values.url, ...(values.bimat ? { bimat: values.bimat } : {}) };
  const parsed = forwardingUpdateBodySchema.safeParse({ dichvu: service, batdau: values.batdau, sukien: values.sukien, ngonngu: values.ngonngu, cauhinh });
  const fields: Record<string, string> = {};
  const secret = REQUIRED_SECRET[service];
  if (secret && !values[secret.field].trim() && !stored?.cauhinh[secret.field]) fields[secret.field] = secret.message;
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[issue.path.length - 1] ?? '');
    if (!(field in fields)) fields[field] = issue.message;
  }
  const [first] = Object.entries(fields);
  if (!first) return parsed.success ? { body: parsed.data } : {};
  return { error: first[1], field: first[0], fields };
}
