import { Worker } from 'node:worker_threads';
import type { VoiceId } from '@loa/contract';
import { TtsEngineError, type SynthesizedAudio, type TtsEngine } from './engine';
import { ESPEAK_VOICES } from './espeakVoices';
import { readMp3 } from './mp3Info';

interface Job {
  text: string;
  voice: VoiceId;
  signal?: AbortSignal;
  resolve: (audio: SynthesizedAudio) => void;
  reject: (error: unknown) => void;
}

type WorkerAnswer = { id: number; ok: true; mp3: Uint8Array; durationSeconds: number } | { id: number; ok: false; error: string };

export interface EspeakOptions {
  /** MP3 bit rate; mono speech at 22.05 kHz needs no more than 64. */
  kbps?: number;
  /** The worker (about 60 MB with the voice data) stops after this long without work. */
  idleMs?: number;
  /** Longest one synthesis may take before the worker is restarted. */
  jobTimeoutMs?: number;
}

/**
 * The offline engine: eSpeak NG's Vietnamese voices in a worker thread, one synthesis at a time in
 * arrival order, so a long bulletin never blocks the server and two never fight for the CPU.
 */
export function createEspeakEngine(opts: EspeakOptions = {}): TtsEngine {
  const kbps = opts.kbps ?? 64;
  const idleMs = opts.idleMs ?? 60_000;
  const jobTimeoutMs = opts.jobTimeoutMs ?? 60_000;
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let running: { job: Job; id: number; timer: NodeJS.Timeout; onAbort: () => void } | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;

  const stopWorker = () => {
    const w = worker;
    worker = null;
    if (w) void w.terminate();
  };

  const finish = (outcome: { audio: SynthesizedAudio } | { error: unknown }) => {
    if (!running) return;
    const { job, timer, onAbort } = running;
    clearTimeout(timer);
    job.signal?.removeEventListener('abort', onAbort);
    running = null;
    if ('audio' in outcome) job.resolve(outcome.audio);
    else job.reject(outcome.error);
    pump();
  };

  const startWorker = (): Worker => {
    const w = new Worker(new URL('./espeakWorker.mjs', import.meta.url));
    w.unref();
    w.on('message', (answer: WorkerAnswer) => {
      if (!running || answer.id !== running.id) return;
      if (!answer.ok) return finish({ error: new TtsEngineError(`espeak: ${answer.error}`) });
      const mp3 = Buffer.from(answer.mp3.buffer, answer.mp3.byteOffset, answer.mp3.byteLength);
      const info = readMp3(mp3);
      if (!info) return finish({ error: new TtsEngineError('espeak: the encoder wrote no MP3 frames') });
      finish({ audio: { mp3, durationSeconds: info.durationSeconds } });
    });
    const crash = (error: unknown) => {
      if (worker === w) worker = null;
      finish({ error: new TtsEngineError('espeak worker stopped', { cause: error }) });
    };
    w.on('error', crash);
    w.on('exit', (code) => { if (running && worker === w) crash(new Error(`exit ${code}`)); });
    return w;
  };

  function pump(): void {
    if (running) return;
    const job = queue.shift();
    if (!job) {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(stopWorker, idleMs);
      idleTimer.unref();
      return;
    }
    if (idleTimer) clearTimeout(idleTimer);
    if (job.signal?.aborted) {
      job.reject(job.signal.reason);
      return pump();
    }
    worker ??= startWorker();
    const id = nextId++;
    // A synthesis cannot be interrupted inside WASM: stopping the worker is the way to give up on it.
    const giveUp = (error: unknown) => {
      stopWorker();
      finish({ error });
    };
    const onAbort = () => giveUp(job.signal?.reason ?? new Error('aborted'));
    const timer = setTimeout(() => giveUp(new TtsEngineError(`espeak took longer than ${jobTimeoutMs} ms`)), jobTimeoutMs);
    running = { job, id, timer, onAbort };
    job.signal?.addEventListener('abort', onAbort, { once: true });
    worker.postMessage({ id, text: job.text, voice: ESPEAK_VOICES[job.voice], kbps });
  }

  return {
    id: 'espeak',
    label: 'Giọng đọc ngoại tuyến (eSpeak NG)',
    synthesize(text, voice, signal) {
      if (!ESPEAK_VOICES[voice]) return Promise.reject(new TtsEngineError(`espeak: unknown voice ${voice}`));
      return new Promise((resolve, reject) => {
        queue.push({ text, voice, signal, resolve, reject });
        pump();
      });
    },
    async close() {
      for (const job of queue.splice(0)) job.reject(new TtsEngineError('espeak engine closed'));
      if (running) finish({ error: new TtsEngineError('espeak engine closed') });
      if (idleTimer) clearTimeout(idleTimer);
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  };
}
