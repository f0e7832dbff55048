import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { MediaChecker } from './mediaAccess';
import { MIRROR_REMEMBERS, type CheckLesson, type DeviceKeysUpdate } from './mediaCheckMirror';
import type { DeviceKey } from '../../gateway/deviceReach';
import { MEDIA_CHECK_PREFIX, type CheckAnswer, type CheckQuestion, type FromCheckThread, type MediaCheckWorkerData, type ToCheckThread } from './mediaCheckProtocol';

export { MEDIA_CHECK_PREFIX };

// Run from the TypeScript sources (npm start, the tests) the thread boots through tsx; built, both sit in dist/.
const fromSources = import.meta.url.endsWith('.ts');
const bootUrl = new URL(fromSources ? '../../infra/workerBoot.mjs' : './workerBoot.mjs', import.meta.url);
const entry = new URL(fromSources ? './mediaCheckWorker.ts' : './mediaCheckWorker.js', import.meta.url).href;

/** A thread that stopped by itself is started again on the same port after this long. */
const RESTART_MS = 500;

/** The devices' keys as the gateway holds them (deviceKeys, deviceKey, watchDeviceKeys). */
export interface DeviceKeySource {
  deviceKeys(): Iterable<[string, DeviceKey]>;
  deviceKey(deviceId: string): DeviceKey | undefined;
  watchDeviceKeys(listener: (deviceId: string | null) => void): () => void;
}

/** What the check thread needs to decide the common check alone (mediaCheckMirror.ts). */
export interface CheckMirrorSource {
  /** What a token that held teaches (mediaLessons). */
  lesson: (token: string) => CheckLesson | null;
  devices: DeviceKeySource;
}

/**
 * The devices' keys pushed to the thread: all of them with `snapshot` (a thread just started), then
 * those that changed, in one message after the change (a microtask later: before any answer the
 * change's request gives, so a new secret or a new commune holds at the thread from then on).
 */
function deviceKeysFeed(source: DeviceKeySource, post: (update: DeviceKeysUpdate) => void): { snapshot: () => void; stop: () => void } {
  /** What the thread holds, by id, as one string to compare. */
  const sent = new Map<string, string>();
  const dirty = new Set<string>();
  let all = false;
  let scheduled = false;
  const signature = (key: DeviceKey) => `${key.hash}\n${key.chain.join('\n')}`;
  const flush = () => {
    scheduled = false;
    const update: DeviceKeysUpdate = { reset: false, keys: [], removed: [] };
    const compare = (id: string, key: DeviceKey | undefined) => {
      if (!key) {
        if (sent.delete(id)) update.removed.push(id);
        return;
      }
      const now = signature(key);
      if (sent.get(id) === now) return;
      sent.set(id, now);
      update.keys.push([id, key]);
    };
    if (all) {
      // Every device read once; those the thread holds and the gateway no longer has, removed.
      const present = new Set<string>();
      for (const [id, key] of source.deviceKeys()) {
        present.add(id);
        compare(id, key);
      }
      for (const id of sent.keys()) if (!present.has(id)) compare(id, undefined);
    } else for (const id of dirty) compare(id, source.deviceKey(id));
    all = false;
    dirty.clear();
    if (update.keys.length > 0 || update.removed.length > 0) post(update);
  };
  const stop = source.watchDeviceKeys((id) => {
    if (id === null) all = true;
    else dirty.add(id);
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(flush);
    }
  });
  return {
    snapshot: () => {
      sent.clear();
      const keys = [...source.deviceKeys()];
      for (const [id, key] of keys) sent.set(id, signature(key));
      post({ reset: true, keys, removed: [] });
    },
    stop,
  };
}

/**
 * The caching tier's checks of speakers' audio addresses (deploy/nginx/loa-media-cache.conf,
 * auth_request), on a listener of their own (MEDIA_CHECK_PORT, issue #29). Every request of a
 * district's bulletin is checked before the tier answers from its cache, ten thousand in a second.
 * The listener runs on a thread of its own (mediaCheckWorker.ts): the HTTP of each check is that
 * thread's work. With `mirror` it also decides the checks it can alone (a speaker of a session it
 * was taught, with a valid proof: mediaCheckMirror.ts), from the devices' keys pushed to it here and
 * the tokens and sessions taught with this thread's answers. Every other check (`check`: the token,
 * the device proof, the session's reach, the plan; refusals logged) is asked of this thread in
 * batches, one message per turn of its loop. The answers are auth_request's: 204 the speaker may have the file;
 * 403 with the reason; 404 an address that is no stored file. GET and HEAD of
 * `/media/<key>?t=…&d=…&p=…`, with or without the API route's prefix.
 *
 * The tier is the only client: the speaker's address is the last one in its X-Forwarded-For.
 */
export async function listenMediaChecks(check: MediaChecker, options: { host: string; port: number; backlog?: number; log: FastifyBaseLogger; mirror?: CheckMirrorSource }): Promise<{ port: number; close: () => Promise<void>; thread: () => Worker }> {
  const { log, mirror } = options;
  let closing = false;
  let worker: Worker;
  /** The port listened on: a thread started again takes the same one, whatever `options.port` asked (0: any). */
  let bound = options.port;
  /** The tokens and sessions the current thread was taught. */
  let taught = { tokens: new Set<string>(), sessions: new Set<string>() };
  const feed = mirror && deviceKeysFeed(mirror.devices, (update) => worker.postMessage({ op: 'devices', ...update } satisfies ToCheckThread));

  /** What an allowed check teaches the thread that it was not taught yet (a token, its session), if anything. */
  function lessonFor(token: string | undefined): CheckLesson | undefined {
    if (!mirror || token === undefined) return undefined;
    const lesson = mirror.lesson(token);
    if (!lesson) return undefined;
    if (taught.tokens.has(token)) delete lesson.token;
    if (lesson.session && taught.sessions.has(lesson.session[0])) delete lesson.session;
    if (!lesson.token && !lesson.session) return undefined;
    // Bounded as the thread's own memory is: past it, taught again (a few bytes more).
    if (taught.tokens.size >= MIRROR_REMEMBERS) taught.tokens.clear();
    if (taught.sessions.size >= MIRROR_REMEMBERS) taught.sessions.clear();
    if (lesson.token) taught.tokens.add(token);
    if (lesson.session) taught.sessions.add(lesson.session[0]);
    return lesson;
  }

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
        (refusal) => {
          const lesson = refusal === null && thread === worker ? lessonFor(t) : undefined;
          settle(lesson ? [id, null, lesson] : [id, refusal]);
        },
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
    // A new thread knows nothing: every device's key, and tokens and sessions taught anew.
    taught = { tokens: new Set(), sessions: new Set() };
    feed?.snapshot();
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
    feed?.stop();
    await worker!.terminate();
    throw error;
  }
  log.info({ host: options.host, port }, 'audio checks for a caching tier listening');
  return {
    port,
    thread: () => worker,
    close: async () => {
      closing = true;
      feed?.stop();
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
