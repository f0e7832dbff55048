import { SESSION_END_REASONS, type SessionEndReason } from '@loa/contract';
import type { MessageId } from '../i18n/vi';

export type { SessionEndReason };

/** The reason a 401 gives for a login that is gone (`lydo`), or null when it gives none. */
export function sessionEndReasonOf(body: unknown): SessionEndReason | null {
  const lydo = body && typeof body === 'object' && 'lydo' in body ? body.lydo : null;
  return (SESSION_END_REASONS as readonly unknown[]).includes(lydo) ? (lydo as SessionEndReason) : null;
}

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
