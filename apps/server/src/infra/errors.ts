import type { SessionEndReason } from '@loa/contract';
/**
 * Why a request was refused, when the refusal belongs in the audit trail: a right the account
 * lacks, or an object outside its area scope (or its administrator's). Never sent to the client.
 */
export type Refusal = ({ kind: 'quyen'; right?: string } | { kind: 'pham-vi' }) & {
  /** What was refused, when the call named one (its system-log 'Đối tượng'). */
  target?: { type: string; id: string; name?: string };
};

/** The same refusal, naming what it was about (issue #32: a refused takeover's log row names the bulletin). */
export function refusalAbout(error: unknown, target: NonNullable<Refusal['target']>): unknown {
  if (!(error instanceof AppError) || !error.refusal) return error;
  return new AppError(error.statusCode, error.message, error.extra, { ...error.refusal, target });
}

/** An error whose message is safe to show the user (Vietnamese) with the HTTP status to answer. */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly refusal?: Refusal,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/**
 * 401 with `auto: "yes"` when a silent refresh can renew the access token, `"no"` when the login is
 * gone; then `lydo` says why (expired, signed out from another device, locked).
 */
export const unauthorized = (message: string, auto: 'yes' | 'no', lydo?: SessionEndReason) => new AppError(401, message, lydo ? { auto, lydo } : { auto });
/** 403 for a right the account does not hold; written to the system log by the refusal audit. */
export const refusedRight = (message: string, right?: string) => new AppError(403, message, {}, { kind: 'quyen', right });
/**
 * 404 (or 403) for an object outside the caller's scope; written to the system log. An object that
 * does not exist answers the same, so the answer never tells which.
 */
export const outOfScope = (message: string, status: 403 | 404 = 404) => new AppError(status, message, {}, { kind: 'pham-vi' });
