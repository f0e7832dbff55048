/**
 * Database faults the server answers 503 for (the database is down, cut off or stalled) rather
 * than 500, and the timeouts that turn a stalled database into such a fault instead of a request
 * that hangs forever.
 */

/** Defaults of DB_STATEMENT_TIMEOUT_SECONDS, DB_LOCK_TIMEOUT_SECONDS and DB_CONNECT_TIMEOUT_SECONDS. */
export const DB_TIMEOUT_DEFAULTS = { statementSeconds: 20, lockSeconds: 5, connectSeconds: 5 } as const;

export interface DbTimeouts {
  /** A statement running longer is cancelled by the database (57014). */
  statementSeconds: number;
  /** A statement waiting this long for a lock held by another connection gives up (55P03). */
  lockSeconds: number;
  /** Opening a connection, or waiting for a free one in the pool, gives up after this. */
  connectSeconds: number;
}

/** Extra time the client waits beyond the statement timeout before it gives up on a silent database. */
export const CLIENT_GRACE_MS = 5_000;

/**
 * Raised by the database layer itself: the connection is gone or could not be opened, or the
 * embedded database stopped or stalled. Only the database layer makes these, so a refused
 * connection elsewhere (a relay, a webhook) is never mistaken for a database fault.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = 'LOA_DB_UNAVAILABLE';
}

/** SQLSTATE: statement or lock timeout, or cancelled: the database is alive but could not do it in time. */
const BUSY_CODES = new Set(['57014', '55P03']);
/** SQLSTATE: shutting down, crashed, starting up, out of connections; class 08 is a connection failure. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection to the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres reports a lost or timed-out connection with a message and no code. */
const LOST_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated due to connection timeout)/;

function codeOf(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

/**
 * For the database layer: whether an error from the PostgreSQL driver means the connection is
 * lost or could not be made (as opposed to an error in the statement itself).
 */
export function isConnectionFault(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = codeOf(error);
  if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code) || LOST_MESSAGES.test(error.message)) return true;
  // Connection attempts to several addresses (IPv4 and IPv6), all refused.
  return error instanceof AggregateError && error.errors.some(isConnectionFault);
}

/** 'busy' or 'unavailable' for a database fault worth a 503, null for anything else. */
export function databaseFault(error: unknown): 'busy' | 'unavailable' | null {
  if (error instanceof DatabaseUnavailableError) return 'unavailable';
  if (!(error instanceof Error)) return null;
  const code = codeOf(error);
  if (BUSY_CODES.has(code)) return 'busy';
  if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
  return null;
}
