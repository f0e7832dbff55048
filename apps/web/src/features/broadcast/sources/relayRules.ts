import { isHttpUrl, MSG, OUTBOUND_MESSAGES } from '@loa/contract';

export interface RelayDraft {
  tenkenh: string;
  url: string;
  /** As typed, in minutes. */
  minutes: string;
}

/**
 * The first §5 relay message, in order (name, path, duration 0, negative or under 1 when adding),
 * then a path that is no http(s) address, or null.
 */
export function relayError(draft: RelayDraft, mode: 'add' | 'edit'): string | null {
  if (!draft.tenkenh.trim()) return MSG.relayNameEmpty;
  if (!draft.url.trim()) return MSG.relayPathEmpty;
  const minutes = Number(draft.minutes.trim() || 0);
  if (Number.isNaN(minutes)) return MSG.relayDurationInvalid;
  if (minutes === 0) return MSG.relayDurationEmpty;
  if (minutes < 0 || (mode === 'add' && minutes < 1)) return MSG.relayDurationInvalid;
  // After the spec's checks: the server refuses anything else (speakers and the listen link fetch it).
  if (!isHttpUrl(draft.url.trim())) return OUTBOUND_MESSAGES.relayUrlNotHttp;
  return null;
}

/** Minutes as typed to the stored seconds (× 60). */
export const relaySeconds = (minutes: string): number => Math.round(Number(minutes) * 60);
