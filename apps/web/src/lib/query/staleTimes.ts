/**
 * How long each kind of server data is taken as fresh before a screen that shows it refetches
 * (TanStack Query's staleTime). Data the socket keeps live (devices) may stay long; data that
 * others change without an event (the log, the as-run record) is short.
 */
export const STALE = {
  /** Areas, rights, settings: changed rarely, and by the user's own edits (which invalidate). */
  reference: 5 * 60_000,
  /** The device list: statuses arrive by socket; registry edits invalidate it. */
  devices: 2 * 60_000,
  /** Accounts, programmes, media, invitations, integrations. */
  lists: 30_000,
  /** The system log and the as-run record: written by everyone, no event for every line. */
  records: 10_000,
} as const;
