/** A session as arbitration sees it. */
export interface SessionPriority {
  sessionId: string;
  priority: number;
  /** The server says this play replaces a session of the same priority (takeover or resend to the holder). */
  takeover?: boolean;
}

/**
 * Whether an incoming play replaces what plays now: anything replaces silence, a higher priority
 * pre-empts, and at the same priority only a play marked `takeover` replaces it (an officer took
 * the speakers over explicitly, or the server sends a device the session that holds it). Anything
 * else is ignored; the server sends it again when what plays ends.
 */
export function shouldReplace(current: SessionPriority | null, incoming: SessionPriority): boolean {
  if (current === null || incoming.priority > current.priority) return true;
  return incoming.priority === current.priority && incoming.takeover === true;
}
