import { ACCOUNT_MESSAGES, CSRF_COOKIE, CSRF_HEADER, DEFAULT_LOCALE, MSG, REQUEST_TIMEOUT_MS, type Locale } from '@loa/contract';
import { readCookie } from './cookies';
import { hardNavigation } from './navigation';
import { passwordChangeSignal } from './passwordChangeSignal';
import { loginPathFor, sessionEndReasonOf, type SessionEndReason } from './sessionEnd';
import { clearStoredUser } from './userStorage';
import { fetchTransport, xhrTransport, type HttpMethod, type RawResponse, type Transport } from './transport';

/** Why a call failed: an HTTP answer, no answer, or an expired session. */
export type ApiErrorKind = 'http' | 'network' | 'session';

/** Error raised by the API client; `message` is what the user is shown (spec §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    /** The answer's body (an error may carry data beside its message, e.g. `dangphat` of a 409). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server refused what was sent (4xx, not an ended session): its message belongs beside the field that was typed. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind !== 'session' && error.status !== undefined && error.status >= 400 && error.status < 500;
}

export interface RequestOptions {
  /** JSON-serialisable value, or FormData for multipart. */
  body?: unknown;
  /** Defaults to 60 s; pass TTS_FIRST_CALL_TIMEOUT_MS for the 120 s call. */
  timeoutMs?: number;
  /** Switches to the XHR transport and reports upload percent. */
  onUploadProgress?: (percent: number) => void;
  /** The answer is a file: resolves with it as a Blob and its name (see `download`). */
  asFile?: boolean;
  /** Resolves with the whole answer (`data` and what the server says beside it), not `data` alone. */
  whole?: boolean;
}

export interface ApiClientDeps {
  fetch?: typeof fetch;
  uploadTransport?: Transport;
  readCsrfCookie?: () => string | undefined;
  /** Runs when the server says the session cannot be refreshed (auto 'no'), with why. */
  onSessionExpired?: (reason: SessionEndReason) => void;
  baseUrl?: string;
}

/** The console's language, sent as Accept-Language: the server answers its messages in it (Vietnamese by default). */
let language: Locale = DEFAULT_LOCALE;
export function setApiLanguage(locale: Locale): void {
  language = locale;
}

export const LOGIN_PATH = '/v1/client/login';
export const REFRESH_PATH = '/v1/client/login/token';
export const CSRF_PATH = '/v1/client/csrf';
const NO_REFRESH_PATHS = new Set([LOGIN_PATH, REFRESH_PATH, CSRF_PATH]);

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
}

function canRefresh(body: unknown): boolean {
  return !!body && typeof body === 'object' && 'auto' in body && body.auto === 'yes';
}

function defaultSessionExpired(reason: SessionEndReason): void {
  clearStoredUser();
  hardNavigation.go(loginPathFor(reason));
}

/** Builds the HTTP client of spec §8 (credentials, time-outs, CSRF, 401 refresh-and-retry, messages). */
export function createApiClient(deps: ApiClientDeps = {}) {
  const transport = fetchTransport(deps.fetch ?? ((input, init) => globalThis.fetch(input, init)));
  const uploadTransport = deps.uploadTransport ?? xhrTransport();
  const readCsrf = deps.readCsrfCookie ?? (() => readCookie(CSRF_COOKIE));
  const onSessionExpired = deps.onSessionExpired ?? defaultSessionExpired;
  const baseUrl = deps.baseUrl ?? '';
  let refreshing: Promise<void> | null = null;

  function expire(body?: unknown): never {
    onSessionExpired(sessionEndReasonOf(body) ?? (serverMessage(body) === MSG.accountLocked ? 'khoa' : 'hethan'));
    throw new ApiError(MSG.sessionExpired, 'session', 401);
  }

  async function csrfToken(): Promise<string> {
    const existing = readCsrf();
    if (existing) return existing;
    const answer = await send<{ token: string }>('GET', CSRF_PATH, {}, false);
    return readCsrf() ?? answer.token;
  }

  function refresh(): Promise<void> {
    refreshing ??= send<unknown>('GET', REFRESH_PATH, {}, false)
      .then(() => undefined)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) expire(error.body);
        throw error;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function send<T>(method: HttpMethod, path: string, options: RequestOptions, mayRefresh = true): Promise<T> {
    const headers: Record<string, string> = { accept: options.asFile ? '*/*' : 'application/json', 'accept-language': language };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (method !== 'GET') headers[CSRF_HEADER] = await csrfToken();
    const chosen = options.onUploadProgress ? uploadTransport : transport;
    let response: RawResponse;
    try {
      response = await chosen({ method, url: baseUrl + path, headers, body, timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS, onUploadProgress: options.onUploadProgress, asFile: options.asFile });
    } catch {
      throw new ApiError(MSG.cannotConnect, 'network');
    }
    const { status } = response;
    if (status >= 200 && status < 300) {
      if (options.asFile) return { blob: response.body, fileName: response.fileName } as T;
      const envelope = response.body as { data?: T } | null;
      if (options.whole) return envelope as T;
      return (envelope && typeof envelope === 'object' && 'data' in envelope ? envelope.data : envelope) as T;
    }
    const pathOnly = path.split('?')[0] ?? path;
    if (status === 401 && !NO_REFRESH_PATHS.has(pathOnly)) {
      if (!mayRefresh || !canRefresh(response.body)) expire(response.body);
      await refresh();
      return send<T>(method, path, options, false);
    }
    const message = serverMessage(response.body);
    const mustChange = !!response.body && typeof response.body === 'object' && 'doimatkhau' in response.body && response.body.doimatkhau === true;
    if (status === 403 && (mustChange || message === ACCOUNT_MESSAGES.mustChangePassword)) passwordChangeSignal.emit();
    throw new ApiError(message ?? (status >= 500 ? MSG.serverError : `HTTP ${status}`), 'http', status, response.body);
  }

  return {
    /** GET and unwrap `data`. */
    get: <T>(path: string, options: Omit<RequestOptions, 'body'> = {}) => send<T>('GET', path, options),
    /** POST a JSON (or FormData) body and unwrap `data`. */
    post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}) => send<T>('POST', path, { ...options, body }),
    /**
     * GET a file (an export): through the same refresh-and-retry and messages as every call, so an
     * expired access token is renewed and a refusal is an ApiError, not a silent failed link.
     */
    download: (path: string, options: Omit<RequestOptions, 'body' | 'asFile'> = {}) => send<{ blob: Blob; fileName?: string }>('GET', path, { ...options, asFile: true }),
    /** Any method; for the rarer calls. */
    request: <T>(method: HttpMethod, path: string, options: RequestOptions = {}) => send<T>(method, path, options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The console's shared client. */
export const api = createApiClient();

/** Text to show for any caught failure: the ApiError's message or the error's own message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : MSG.serverError;
}
