/** A session as arbitration sees it. */
export interface SessionPriority {
  sessionId: string;
  priority: number;
}

/**
 * Whether an incoming play replaces what plays now: anything replaces silence, and a play whose
 * priority is at least the current one replaces it (a lower one is ignored; the server re-sends it
 * when the higher one ends).
 */
export function shouldReplace(current: SessionPriority | null, incoming: SessionPriority): boolean {
  return current === null || incoming.priority >= current.priority;
}
