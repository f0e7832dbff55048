import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaChecker } from './mediaAccess';
import { MEDIA_CHECK_PREFIX, type CheckAnswer, type CheckQuestion, type FromCheckThread, type MediaCheckWorkerData, type ToCheckThread } from './mediaCheckProtocol';

export { MEDIA_CHECK_PREFIX };

// Run from the TypeScript sources (npm start, the tests) the thread boots through tsx; built, both sit in dist/.
const fromSources = import.meta.url.endsWith('.ts');
const bootUrl = new URL(fromSources ? '../../infra/workerBoot.mjs' : './workerBoot.mjs', import.meta.url);
const entry = new URL(fromSources ? './mediaCheckWorker.ts' : './mediaCheckWorker.js', import.meta.url).href;

/** A thread that stopped by itself is started again on the same port after this long. */
const RESTART_MS = 500;

/**
 * The caching tier's checks of speakers' audio addresses (deploy/nginx/loa-media-cache.conf,
 * auth_request), on a listener of their own (MEDIA_CHECK_PORT, issue #29). Every request of a
 * district's bulletin is checked before the tier answers from its cache, ten thousand in a second.
 * The listener runs on a thread of its own (mediaCheckWorker.ts): the HTTP of each check is that
 * thread's work, and the checks themselves (`check`: the token's HMAC remembered, the device
 * proof's HMAC, the session's reach; refusals logged) are asked of this thread in batches, one
 * message per turn of its loop. The answers are auth_request's: 204 the speaker may have the file;
 * 403 with the reason; 404 an address that is no stored file. GET and HEAD of
 * `/media/<key>?t=…&d=…&p=…`, with or without the API route's prefix.
 *
 * The tier is the only client: the speaker's address is the last one in its X-Forwarded-For.
 */
export async function listenMediaChecks(check: MediaChecker, options: { host: string; port: number; backlog?: number; log: FastifyBaseLogger }): Promise<{ port: number; close: () => Promise<void>; thread: () => Worker }> {
  const { log } = options;
  let closing = false;
  let worker: Worker;
  /** The port listened on: a thread started again takes the same one, whatever `options.port` asked (0: any). */
  let bound = options.port;

  function answerAll(thread: Worker, questions: CheckQuestion[]): void {
    let answers: CheckAnswer[] = [];
    const post = () => {
      const ready = answers;
      answers = [];
      thread.postMessage({ op: 'answers', answers: ready } satisfies ToCheckThread);
    };
    // One message for all that settled in this turn (most at once: a refusal waits for its log line).
    const settle = (answer: CheckAnswer) => {
      answers.push(answer);
      if (answers.length === 1) setImmediate(post);
    };
    for (const { id, key, t, d, p, ip } of questions) {
      check(key, { t, d, p }, ip, log).then(
        (refusal) => settle([id, refusal]),
        (error: unknown) => {
          log.error({ err: error, key }, 'audio check failed');
          settle([id, 'error']);
        },
      );
    }
  }

  function spawn(port: number): Promise<number> {
    const data: MediaCheckWorkerData = { entry, host: options.host, port, backlog: options.backlog };
    const thread = new Worker(bootUrl, { workerData: data });
    worker = thread;
    const started = new Promise<number>((resolve, reject) => {
      thread.on('message', (message: FromCheckThread) => {
        if (message.op === 'ready') {
          bound = message.port;
          return resolve(message.port);
        }
        if (message.op === 'failed') return reject(Object.assign(new Error(message.message), { code: message.code }));
        if (message.op === 'checks') answerAll(thread, message.questions);
      });
      thread.once('error', (error) => {
        log.error({ err: error }, 'audio checks for a caching tier: the thread failed');
        reject(error);
      });
      thread.once('exit', (code) => {
        reject(new Error(`the audio check thread exited with code ${code}`));
        if (closing || worker !== thread) return;
        // The tier's checks fail (500) until it is back: on the same port, at once.
        log.error({ code }, 'audio checks for a caching tier: the thread stopped; starting it again');
        setTimeout(() => {
          if (!closing) spawn(bound).catch((error: unknown) => log.error({ err: error }, 'audio checks for a caching tier: the thread could not start again'));
        }, RESTART_MS).unref();
      });
    });
    return started;
  }

  let port: number;
  try {
    port = await spawn(options.port);
  } catch (error) {
    closing = true;
    await worker!.terminate();
    throw error;
  }
  log.info({ host: options.host, port }, 'audio checks for a caching tier listening');
  return {
    port,
    thread: () => worker,
    close: async () => {
      closing = true;
      const thread = worker;
      const closed = new Promise<void>((resolve) => {
        thread.on('message', (message: FromCheckThread) => {
          if (message.op === 'closed') resolve();
        });
        thread.once('exit', () => resolve());
      });
      thread.postMessage({ op: 'close' } satisfies ToCheckThread);
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      await thread.terminate();
    },
  };
}
