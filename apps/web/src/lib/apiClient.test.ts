import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, MSG } from '@loa/contract';
import { ApiError, createApiClient, errorMessage } from './apiClient';

type Reply = { status: number; body?: unknown } | 'network-error' | 'hang';

/** A fake fetch that answers from a queue and records every call. */
function fakeFetch(...replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn((url: string, init: RequestInit) => {
    calls.push({ url, init });
    const reply = replies.shift() ?? { status: 200, body: { data: null } };
    if (reply === 'network-error') return Promise.reject(new TypeError('Failed to fetch'));
    if (reply === 'hang')
      return new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    return Promise.resolve({ status: reply.status, text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)) } as Response);
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}

function client(f: ReturnType<typeof fakeFetch>, csrf: string | null = 'csrf-1') {
  const onSessionExpired = vi.fn();
  const cookie = csrf ?? undefined;
  const api = createApiClient({ fetch: f.fetch, readCsrfCookie: () => cookie, onSessionExpired });
  return { api, onSessionExpired };
}

describe('apiClient', () => {
  afterEach(() => vi.useRealTimers());

  it('sends credentials and unwraps data on success', async () => {
    const f = fakeFetch({ status: 200, body: { data: { n: 3 } } });
    const { api } = client(f);
    await expect(api.get('/v1/client/tongquan')).resolves.toEqual({ n: 3 });
    expect(f.calls[0].url).toBe('/v1/client/tongquan');
    expect(f.calls[0].init.credentials).toBe('include');
    expect((f.calls[0].init.headers as Record<string, string>)[CSRF_HEADER]).toBeUndefined();
  });

  it('sends the CSRF cookie value as a header on non-GET calls', async () => {
    const f = fakeFetch({ status: 200, body: { data: 1 } });
    const { api } = client(f, 'abc');
    await api.post('/v1/client/nguoidung/thaydoithongtin', { hoten: 'A' });
    const headers = f.calls[0].init.headers as Record<string, string>;
    expect(headers[CSRF_HEADER]).toBe('abc');
    expect(headers['content-type']).toBe('application/json');
    expect(f.calls[0].init.body).toBe(JSON.stringify({ hoten: 'A' }));
  });

  it('fetches a CSRF token first when the cookie is missing', async () => {
    const f = fakeFetch({ status: 200, body: { data: { token: 'fresh' } } }, { status: 200, body: { data: 'ok' } });
    const { api } = client(f, null);
    await expect(api.post('/v1/client/login', {})).resolves.toBe('ok');
    expect(f.calls.map((c) => c.url)).toEqual(['/v1/client/csrf', '/v1/client/login']);
    expect((f.calls[1].init.headers as Record<string, string>)[CSRF_HEADER]).toBe('fresh');
  });

  describe('time-out', () => {
    beforeEach(() => vi.useFakeTimers());

    it('gives up after 60 s with the cannot-connect message', async () => {
      const f = fakeFetch('hang');
      const { api } = client(f);
      let settled: unknown = 'pending';
      const call = api.get('/x').catch((e: unknown) => (settled = e));
      await vi.advanceTimersByTimeAsync(59_999);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      await call;
      expect(settled).toBeInstanceOf(ApiError);
      expect((settled as ApiError).message).toBe(MSG.cannotConnect);
    });

    it('waits 120 s when asked to', async () => {
      const f = fakeFetch('hang');
      const { api } = client(f);
      let settled: unknown = 'pending';
      const call = api.post('/v1/client/tts/a', {}, { timeoutMs: 120_000 }).catch((e: unknown) => (settled = e));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(60_000);
      await call;
      expect((settled as Error).message).toBe(MSG.cannotConnect);
    });
  });

  it('refreshes the token and retries once on 401 auto yes', async () => {
    const f = fakeFetch(
      { status: 401, body: { message: 'x', auto: 'yes' } },
      { status: 200, body: { data: null } },
      { status: 200, body: { data: 'second try' } },
    );
    const { api, onSessionExpired } = client(f);
    await expect(api.get('/v1/client/nguoidung/laythongtin')).resolves.toBe('second try');
    expect(f.calls.map((c) => c.url)).toEqual(['/v1/client/nguoidung/laythongtin', '/v1/client/login/token', '/v1/client/nguoidung/laythongtin']);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 ends the session', async () => {
    const unauthorized = { status: 401, body: { message: 'x', auto: 'yes' } };
    const f = fakeFetch(unauthorized, { status: 200, body: { data: null } }, unauthorized);
    const { api, onSessionExpired } = client(f);
    await expect(api.get('/v1/client/tongquan')).rejects.toThrow(MSG.sessionExpired);
    expect(f.calls).toHaveLength(3);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const unauthorized = { status: 401, body: { message: 'x', auto: 'yes' } };
    const f = fakeFetch(unauthorized, unauthorized, { status: 200, body: { data: null } }, { status: 200, body: { data: 1 } }, { status: 200, body: { data: 2 } });
    const { api } = client(f);
    await expect(Promise.all([api.get('/a'), api.get('/b')])).resolves.toEqual([1, 2]);
    expect(f.calls.filter((c) => c.url === '/v1/client/login/token')).toHaveLength(1);
  });

  it('ends the session when the refresh itself is refused', async () => {
    const f = fakeFetch({ status: 401, body: { message: 'x', auto: 'yes' } }, { status: 401, body: { message: 'y', auto: 'no' } });
    const { api, onSessionExpired } = client(f);
    await expect(api.get('/a')).rejects.toThrow(MSG.sessionExpired);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('says why the session ended: expired, or the account locked', async () => {
    const expired = client(fakeFetch({ status: 401, body: { message: 'Bạn chưa đăng nhập!', auto: 'no' } }));
    await expired.api.get('/a').catch(() => undefined);
    expect(expired.onSessionExpired).toHaveBeenCalledWith('hethan');
    const locked = client(fakeFetch({ status: 401, body: { message: 'x', auto: 'yes' } }, { status: 401, body: { message: MSG.accountLocked, auto: 'no' } }));
    await locked.api.get('/a').catch(() => undefined);
    expect(locked.onSessionExpired).toHaveBeenCalledWith('khoa');
  });

  it('removes the session and raises session expired on 401 auto no', async () => {
    const f = fakeFetch({ status: 401, body: { message: 'Bạn chưa đăng nhập!', auto: 'no' } });
    const { api, onSessionExpired } = client(f);
    const error = await api.get('/v1/client/tongquan').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(MSG.sessionExpired);
    expect((error as ApiError).kind).toBe('session');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(f.calls).toHaveLength(1);
  });

  it('does not refresh on a 401 from the login call itself', async () => {
    const f = fakeFetch({ status: 401, body: { message: MSG.wrongCredentials, auto: 'yes' } });
    const { api, onSessionExpired } = client(f);
    await expect(api.post('/v1/client/login', {})).rejects.toThrow(MSG.wrongCredentials);
    expect(f.calls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it.each([400, 500])('raises the server message on %i', async (status) => {
    const f = fakeFetch({ status, body: { message: MSG.currentPasswordWrong } });
    const { api } = client(f);
    const error = (await api.post('/v1/client/nguoidung/thaydoimatkhau', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(MSG.currentPasswordWrong);
    expect(error.status).toBe(status);
  });

  it('raises the cannot-connect message when no answer arrives', async () => {
    const f = fakeFetch('network-error');
    const { api } = client(f);
    await expect(api.get('/x')).rejects.toThrow(MSG.cannotConnect);
  });

  it('raises the answer own message for other statuses', async () => {
    const f = fakeFetch({ status: 403, body: { message: MSG.forbidden } }, { status: 404 });
    const { api } = client(f);
    await expect(api.get('/x')).rejects.toThrow(MSG.forbidden);
    await expect(api.get('/y')).rejects.toThrow('HTTP 404');
  });

  it('shows the error own message for any other failure', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage(new ApiError(MSG.cannotConnect, 'network'))).toBe(MSG.cannotConnect);
  });
});
