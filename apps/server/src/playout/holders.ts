/** A session as arbitration over a speaker sees it. */
export interface Claim {
  id: string;
  priority: number;
  /** Unix ms when it started: at equal priority the one there first keeps the speaker. */
  since: number;
}

/**
 * Whether `a` keeps a speaker that `b` also reaches (issue #18, docs/architecture.md "Overlapping
 * broadcasts"): the higher priority; at equal priority the one that was there first (an officer
 * who wants the speakers must take them over explicitly, which ends the other one).
 */
export function outranks(a: Claim, b: Claim): boolean {
  if (a.priority !== b.priority) return a.priority > b.priority;
  if (a.since !== b.since) return a.since < b.since;
  return a.id < b.id;
}

/** The claim that plays on a speaker among those reaching it, or null when none does. */
export function holderAmong<T extends Claim>(claims: readonly T[]): T | null {
  let best: T | null = null;
  for (const c of claims) if (best === null || outranks(c, best)) best = c;
  return best;
}
