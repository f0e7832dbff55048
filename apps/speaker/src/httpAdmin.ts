import { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER, deviceSecretSchema, type DeviceSecret, type LoginBody } from '@loa/contract';

const csrfAnswer = z.object({ data: z.object({ token: z.string() }) });
const deviceListAnswer = z.object({ data: z.object({ items: z.array(z.object({ _id: z.string(), tenthietbi: z.string().optional() })), total: z.number() }) });
const resetAnswer = z.object({ data: z.object({ items: z.array(deviceSecretSchema) }) });

/** A device as the simulator needs it. */
export interface ListedDevice {
  _id: string;
  tenthietbi?: string;
}

/** Thrown when the server answers with an error status. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/**
 * A small client of the server's HTTP API for the simulator: signs in like the console does
 * (CSRF double submit, cookies), lists devices and resets their secrets.
 */
export class AdminClient {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;

  constructor(baseUrl: string) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  /** Signs in; later calls carry the session cookies. */
  async login(tentaikhoan: string, password: string): Promise<void> {
    const { data } = csrfAnswer.parse(await this.request('GET', '/v1/client/csrf'));
    if (!this.cookies.has(CSRF_COOKIE)) this.cookies.set(CSRF_COOKIE, data.token);
    const body: LoginBody = { tentaikhoan, password, DiaDiem: 'speaker-simulator' };
    await this.request('POST', '/v1/client/login', body);
  }

  /** Every device the account may see (up to 20,000). */
  async listDevices(): Promise<ListedDevice[]> {
    const answer = deviceListAnswer.parse(await this.request('GET', '/v1/client/thietbi/danhsachthietbi?limit=20000&page=1'));
    return answer.data.items;
  }

  /** Issues new secrets for these devices (their current sessions are disconnected). */
  async resetSecrets(ids: string[]): Promise<DeviceSecret[]> {
    return resetAnswer.parse(await this.request('POST', '/v1/client/thietbi/reset', { ids })).data.items;
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown, retried = false): Promise<unknown> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    }
    const response = await fetch(`${this.base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
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
      await this.request('GET', '/v1/client/login/token', undefined, true);
      return this.request(method, path, body, true);
    }
    if (!response.ok) {
      const message = typeof answer.message === 'string' ? answer.message : text.slice(0, 200);
      throw new AdminApiError(response.status, `${method} ${path}: ${response.status} ${message}`);
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
