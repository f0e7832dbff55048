/**
 * The caching tier's check listener on a thread of its own (mediaCheckServer.ts, issue #29). In a
 * district's burst a server gets ten thousand checks in a second while its main thread also reads
 * the speakers' reports: the HTTP of every check (parsing, the answer's write, the URL) cost about
 * 0.4 ms of that thread each, and each check waited behind the reports. Here that work is this
 * thread's. The checks of a district's burst are decided here too, from the devices' keys the main
 * thread pushes and each token and session it taught once (mediaCheckMirror.ts): a speaker of the
 * session with a valid proof is answered 204 at once. Anything else (a token or a session not known
 * here yet, a plan's file, whatever would be refused) is asked of the main thread, which decides it
 * from its own state and logs refusals: in one message per turn of this thread's loop, answered the
 * same way.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { MSG } from '@loa/contract';
import { MEDIA_MESSAGES, queryString, servedKey } from './mediaAccess';
import { CheckMirror } from './mediaCheckMirror';
import { MEDIA_CHECK_PREFIX, type CheckAnswer, type CheckQuestion, type FromCheckThread, type MediaCheckWorkerData, type ToCheckThread } from './mediaCheckProtocol';

const port = parentPort!;
const { host, port: wanted, backlog } = workerData as MediaCheckWorkerData;
const send = (message: FromCheckThread) => port.postMessage(message);

/** Longer than nginx's upstream keepalive_timeout (60 s), so the tier, not Loa, closes an idle connection (no request lost in a race). */
const KEEP_ALIVE_MS = 75_000;

/** A query value as the checks take it (queryString): given once, else absent, as the API's own parser leaves it. */
function once(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  return values.length === 1 ? queryString(values[0]) : undefined;
}

function answer(res: http.ServerResponse, status: number, message?: string): void {
  if (message === undefined) {
    res.writeHead(status).end();
    return;
  }
  const body = JSON.stringify({ message });
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
}

/** What this thread knows of the devices, tokens and sessions (empty until the main thread's first message). */
const mirror = new CheckMirror();

/** Checks waiting for the main thread's answer, by id; those asked since the last message. */
const waiting = new Map<number, http.ServerResponse>();
let asking: CheckQuestion[] = [];
let nextId = 0;

function ask(question: Omit<CheckQuestion, 'id'>, res: http.ServerResponse): void {
  const id = (nextId += 1);
  waiting.set(id, res);
  // A speaker that gave up: nothing to answer (the main thread's answer is dropped).
  res.once('close', () => waiting.delete(id));
  asking.push({ ...question, id });
  if (asking.length === 1) setImmediate(flush);
}

function flush(): void {
  const questions = asking;
  asking = [];
  if (questions.length > 0) send({ op: 'checks', questions });
}

function answered(answers: CheckAnswer[]): void {
  for (const [id, outcome, lesson] of answers) {
    if (lesson) mirror.learn(lesson);
    const res = waiting.get(id);
    if (!res) continue;
    waiting.delete(id);
    if (outcome === 'error') answer(res, 500, MSG.serverError);
    else if (outcome === null) answer(res, 204);
    else answer(res, 403, MEDIA_MESSAGES[outcome]);
  }
}

const server = http.createServer({ keepAliveTimeout: KEEP_ALIVE_MS, requestTimeout: 30_000, headersTimeout: 20_000 }, (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return answer(res, 405);
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://tier');
  } catch {
    return answer(res, 404, MSG.notFound);
  }
  const pathname = url.pathname.startsWith(`${MEDIA_CHECK_PREFIX}/`) ? url.pathname.slice(MEDIA_CHECK_PREFIX.length) : url.pathname;
  const key = pathname.startsWith('/media/') ? servedKey(pathname.slice('/media/'.length), true) : null;
  if (!key) return answer(res, 404, MSG.notFound);
  const params = url.searchParams;
  const query = { t: once(params, 't'), d: once(params, 'd'), p: once(params, 'p') };
  if (mirror.allows(key, query)) return answer(res, 204);
  // The tier is the only client: the speaker's address is the last one in its X-Forwarded-For.
  const forwarded = req.headers['x-forwarded-for'];
  const ip = (typeof forwarded === 'string' ? forwarded.split(',').pop()?.trim() : undefined) || req.socket.remoteAddress || '';
  ask({ key, ...query, ip }, res);
});
// No cap on connections: in a district's burst the tier opens one per check it has no idle
// connection for (over 4,000 to one server at 10,000 speakers), and one refused is a speaker's 500.
server.on('clientError', (_error, socket) => {
  if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
  else socket.destroy();
});

port.on('message', (message: ToCheckThread) => {
  if (message.op === 'answers') return answered(message.answers);
  if (message.op === 'devices') return mirror.setDevices(message);
  if (message.op === 'close') {
    server.close(() => send({ op: 'closed' }));
    server.closeAllConnections();
  }
});

server.once('error', (error: NodeJS.ErrnoException) => send({ op: 'failed', message: error.message, code: error.code }));
server.listen({ host, port: wanted, backlog }, () => {
  send({ op: 'ready', port: (server.address() as AddressInfo).port });
});
