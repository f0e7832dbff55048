import { forwardingUpdateBodySchema, type Forwarding, type ForwardingUpdateBody, type MessagingService, type NotificationKind } from '@loa/contract';

/** The settings form of one messaging service; secret fields start empty (empty keeps the stored secret). */
export interface ForwardingFormValues {
  batdau: boolean;
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
export function forwardingToForm(setting: Forwarding | undefined): ForwardingFormValues {
  return {
    batdau: setting?.batdau ?? false,
    sukien: setting?.sukien ?? [],
    bottoken: '',
    chatid: setting?.cauhinh.chatid ?? '',
    accesstoken: '',
    nguoinhan: setting?.cauhinh.nguoinhan ?? '',
    url: setting?.cauhinh.url ?? '',
    bimat: '',
  };
}

/** The body for capnhat, checked by the contract; the first message when it fails. */
export function forwardingBody(service: MessagingService, values: ForwardingFormValues): { body?: ForwardingUpdateBody; error?: string; field?: string } {
  const cauhinh = service === 'telegram'
    ? { chatid: values.chatid, ...(values.bottoken.trim() ? { bottoken: values.bottoken.trim() } : {}) }
    : service === 'zalo'
      ? { nguoinhan: values.nguoinhan, ...(values.accesstoken.trim() ? { accesstoken: values.accesstoken.trim() } : {}) }
      : { url: values.url, ...(values.bimat ? { bimat: values.bimat } : {}) };
  const parsed = forwardingUpdateBodySchema.safeParse({ dichvu: service, batdau: values.batdau, sukien: values.sukien, cauhinh });
  if (parsed.success) return { body: parsed.data };
  const issue = parsed.error.issues[0];
  return { error: issue?.message, field: issue ? String(issue.path[issue.path.length - 1] ?? '') : undefined };
}
