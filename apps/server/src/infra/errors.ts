/** An error whose message is safe to show the user (Vietnamese) with the HTTP status to answer. */
export class AppError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** 401 with `auto: "yes"` when a silent refresh can renew the access token, `"no"` when the login is gone. */
export const unauthorized = (message: string, auto: 'yes' | 'no') => new AppError(401, message, { auto });
