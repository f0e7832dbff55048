import { vi } from 'vitest';

type Answer = { status: number; body: unknown };
/** An answer computed from the request's body; a promise holds it back until the test resolves it. */
type Handler = (body: unknown) => Answer | Promise<Answer>;

/**
 * Stubs global fetch with a tiny route table ("METHOD /path" → answer) and records calls.
 * Unknown routes answer 404 so a forgotten stub fails loudly.
 */
export function fakeServer(routes: Record<string, Handler | { status: number; body: unknown }>) {
  const calls: { method: string; path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ method, path: url, body, headers: (init.headers ?? {}) as Record<string, string> });
    const route = routes[`${method} ${url}`];
    const answer = typeof route === 'function' ? await route(body) : (route ?? { status: 404, body: { message: 'not stubbed' } });
    return { status: answer.status, text: async () => JSON.stringify(answer.body) } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'loa_csrf=test-csrf; path=/';
  return { calls, fetchMock };
}
