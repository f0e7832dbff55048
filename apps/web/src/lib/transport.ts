/** The wire layer of the API client: one request in, status and parsed body out. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RawRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: BodyInit;
  timeoutMs: number;
  /** Percent 0–100 of the request body sent; only the XHR transport reports it. */
  onUploadProgress?: (percent: number) => void;
  /** A successful answer's body as a Blob (a file to save), with its name; errors are parsed as usual. Fetch transport only. */
  asFile?: boolean;
}

export interface RawResponse {
  status: number;
  body: unknown;
  /** The file name its Content-Disposition gives, for a request `asFile`. */
  fileName?: string;
}

/** The file name of a Content-Disposition header (filename*=UTF-8'' first, then filename="…"). */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1]!.trim());
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim();
}

/** Resolves with any HTTP answer; rejects with NoResponseError when none arrived (network, time-out). */
export type Transport = (request: RawRequest) => Promise<RawResponse>;

/** The request got no HTTP answer at all. */
export class NoResponseError extends Error {
  constructor(readonly reason: 'network' | 'timeout') {
    super(reason);
    this.name = 'NoResponseError';
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** fetch-based transport: credentials included, aborted after the time-out. */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (request) => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.timeoutMs);
    try {
      const response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        credentials: 'include',
        signal: controller.signal,
      });
      if (request.asFile && response.ok) {
        return { status: response.status, body: await response.blob(), fileName: dispositionFileName(response.headers.get('content-disposition')) };
      }
      return { status: response.status, body: parseBody(await response.text()) };
    } catch {
      throw new NoResponseError(timedOut ? 'timeout' : 'network');
    } finally {
      clearTimeout(timer);
    }
  };
}

/** XHR transport for multipart uploads that need progress (later broadcast feature). */
export function xhrTransport(): Transport {
  return (request) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = true;
      xhr.timeout = request.timeoutMs;
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) request.onUploadProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
      xhr.onerror = () => reject(new NoResponseError('network'));
      xhr.ontimeout = () => reject(new NoResponseError('timeout'));
      xhr.send((request.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
