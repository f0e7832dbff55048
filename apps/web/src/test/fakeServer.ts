import { vi } from 'vitest';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
/** An answer computed from the request's body; a promise holds it back until the test resolves it. */
type Handler = (body: unknown) => Answer | Promise<Answer>;

/**
 * Stubs global fetch with a tiny route table ("METHOD /path" → answer) and records calls.
 * Unknown routes answer 404 so a forgotten stub fails loudly.
 */
export function fakeServer(routes: Record<string, Handler | Answer>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ method, path: url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const route = routes[`${method} ${url}`];
    const answer = typeof route === 'function' ? await route(body) : (route ?? { status: 404, body: { message: 'not stubbed' } });
    // A string body is sent as it is (a CSV export), anything else as JSON.
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return {
      status: answer.status, ok: answer.status >= 200 && answer.status < 300, headers: new Headers(answer.headers ?? {}),
      text: async () => text, blob: async () => new Blob([text]),
    } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'loa_csrf=test-csrf; path=/';
  return { calls, fetchMock };
}
