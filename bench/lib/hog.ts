/**
 * A hostile client of /media (issue #29, bad input): it opens `count` requests for a file from one
 * address, reads none of them, and holds whatever it is answered until stopped. The server's limit
 * per address (MEDIA_MAX_PER_IP, per device for speakers that prove who they are) answers the rest
 * 429 at once, and its idle cut (MEDIA_IDLE_SECONDS) would end the ones it holds.
 */
import http from 'node:http';

export interface Hog {
  /** Answers so far by status ("429", "200", "error"). */
  statuses(): Record<string, number>;
  stop(): void;
}

export function startHog(url: string, count: number): Hog {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const statuses: Record<string, number> = {};
  const count1 = (status: string) => void (statuses[status] = (statuses[status] ?? 0) + 1);
  const requests = Array.from({ length: count }, () => {
    const req = http.get(url, { agent });
    req.on('response', (res) => {
      count1(String(res.statusCode));
      // Never read: the socket stays open with the answer waiting in it.
      res.pause();
    });
    req.on('error', () => count1('error'));
    return req;
  });
  return {
    statuses: () => ({ ...statuses }),
    stop: () => {
      for (const req of requests) req.destroy();
      agent.destroy();
    },
  };
}
