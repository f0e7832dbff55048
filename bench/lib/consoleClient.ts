import { ACCESS_COOKIE, CSRF_COOKIE, CSRF_HEADER, REFRESH_COOKIE, type LoginBody } from '@loa/contract';

/** Thrown when the server answers with an error status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * The HTTP API as the console uses it: CSRF double submit, session cookies, and a renewed access
 * token when the server answers 401 with `auto: "yes"` (a long registration outlives the token).
 */
export class ConsoleClient {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;
  private renewing: Promise<unknown> | null = null;

  constructor(baseUrl: string) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  /** Signs in; later calls carry the session cookies. */
  async login(tentaikhoan: string, password: string): Promise<void> {
    const answer = (await this.request('GET', '/v1/client/csrf')) as { data: { token: string } };
    if (!this.cookies.has(CSRF_COOKIE)) this.cookies.set(CSRF_COOKIE, answer.data.token);
    const body: LoginBody = { tentaikhoan, password, DiaDiem: 'bench' };
    await this.request('POST', '/v1/client/login', body);
    if (!this.cookies.has(ACCESS_COOKIE) || !this.cookies.has(REFRESH_COOKIE)) throw new Error('login answered without session cookies');
  }

  /** The Cookie header a browser would send (for the Socket.IO handshake). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** GET, answering the `data` of the envelope. */
  async get<T>(path: string): Promise<T> {
    return ((await this.request('GET', path)) as { data: T }).data;
  }

  /** POST a JSON body, answering the `data` of the envelope. */
  async post<T>(path: string, body: unknown): Promise<T> {
    return ((await this.request('POST', path, body)) as { data: T }).data;
  }

  /** POST multipart form data (as the broadcast dialog sends it), answering the `data` of the envelope. */
  async postForm<T>(path: string, form: FormData): Promise<T> {
    return ((await this.request('POST', path, form)) as { data: T }).data;
  }

  /** Stores an MP3 through an upload address (POST geturlupload, then PUT): answers its stored key. */
  async uploadMp3(fileName: string, mp3: Buffer): Promise<string> {
    const [address] = await this.post<{ url: string; fields: { key: string } }[]>('/v1/client/lichphat/geturlupload', { key: [fileName] });
    const response = await fetch(`${this.base}${address.url}`, {
      method: 'PUT', body: new Uint8Array(mp3), headers: { 'content-type': 'audio/mpeg', cookie: this.cookieHeader(), [CSRF_HEADER]: this.cookies.get(CSRF_COOKIE) ?? '' },
    });
    if (response.status !== 204) throw new HttpError(response.status, `PUT ${address.url}: ${response.status} ${(await response.text()).slice(0, 200)}`);
    return address.fields.key;
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown, retried = false): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const isForm = body instanceof FormData;
    if (method !== 'GET') {
      // fetch writes the multipart content type itself (with its boundary).
      if (!isForm) headers['content-type'] = 'application/json';
      headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    }
    const payload = body === undefined ? undefined : isForm ? body : JSON.stringify(body);
    const response = await fetch(`${this.base}${path}`, { method, headers, body: payload });
    this.keepCookies(response);
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: reported below with the status
    }
    const answer = (json ?? {}) as { message?: unknown; auto?: unknown };
    if (response.status === 401 && answer.auto === 'yes' && !retried) {
      // Many requests in flight see the expiry at once: renew the token once for all of them.
      this.renewing ??= this.request('GET', '/v1/client/login/token', undefined, true).finally(() => {
        this.renewing = null;
      });
      await this.renewing;
      return this.request(method, path, body, true);
    }
    if (!response.ok) {
      const message = typeof answer.message === 'string' ? answer.message : text.slice(0, 200);
      throw new HttpError(response.status, `${method} ${path}: ${response.status} ${message}`);
    }
    return json;
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
