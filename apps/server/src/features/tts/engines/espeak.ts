import os from 'node:os';
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

/** One worker thread and the job it runs, if any. */
interface Slot {
  worker: Worker | null;
  running: { job: Job; id: number; timer: NodeJS.Timeout; onAbort: () => void } | null;
  idleTimer: NodeJS.Timeout | null;
}

type WorkerAnswer = { id: number; ok: true; mp3: Uint8Array; durationSeconds: number } | { id: number; ok: false; error: string };

export interface EspeakOptions {
  /**
   * MP3 bit rate (default 48): eSpeak's mono 22.05 kHz voice on horn speakers (which pass little
   * above 7 kHz) loses nothing audible against 64, and a minute of speech is 360 kB per speaker
   * instead of 480 (issue #29: at most 400 kB a minute; docs/performance.md "Bytes a speaker needs").
   */
  kbps?: number;
  /** Syntheses run at once, each in its own worker thread (default: the spare cores, 1 to 4). */
  workers?: number;
  /** A worker (about 60 MB with the voice data) stops after this long without work; starting one costs 1–3 s. */
  idleMs?: number;
  /** Longest one synthesis may take before its worker is restarted. */
  jobTimeoutMs?: number;
}

/**
 * The offline engine: eSpeak NG's Vietnamese voices and the MP3 encoder in worker threads, with a
 * queue in arrival order, so a long bulletin never blocks the server's event loop and syntheses
 * never outnumber the spare cores.
 */
/** The bit rate of the offline engine's speech. */
export const SPEECH_KBPS = 48;

export function createEspeakEngine(opts: EspeakOptions = {}): TtsEngine {
  const kbps = opts.kbps ?? SPEECH_KBPS;
  const idleMs = opts.idleMs ?? 10 * 60_000;
  const jobTimeoutMs = opts.jobTimeoutMs ?? 60_000;
  const size = Math.max(1, opts.workers ?? Math.min(4, os.availableParallelism() - 1));
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: null, running: null, idleTimer: null }));
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  const stopWorker = (slot: Slot) => {
    const w = slot.worker;
    slot.worker = null;
    if (w) void w.terminate();
  };

  const finish = (slot: Slot, outcome: { audio: SynthesizedAudio } | { error: unknown }) => {
    const running = slot.running;
    if (!running) return;
    clearTimeout(running.timer);
    running.job.signal?.removeEventListener('abort', running.onAbort);
    slot.running = null;
    if ('audio' in outcome) running.job.resolve(outcome.audio);
    else running.job.reject(outcome.error);
    pump();
  };

  const startWorker = (slot: Slot): Worker => {
    const w = new Worker(new URL('./espeakWorker.mjs', import.meta.url));
    w.unref();
    w.on('message', (answer: WorkerAnswer) => {
      if (slot.worker !== w || !slot.running || answer.id !== slot.running.id) return;
      if (!answer.ok) return finish(slot, { error: new TtsEngineError(`espeak: ${answer.error}`) });
      const mp3 = Buffer.from(answer.mp3.buffer, answer.mp3.byteOffset, answer.mp3.byteLength);
      const info = readMp3(mp3);
      if (!info) return finish(slot, { error: new TtsEngineError('espeak: the encoder wrote no MP3 frames') });
      finish(slot, { audio: { mp3, durationSeconds: info.durationSeconds } });
    });
    const crash = (error: unknown) => {
      if (slot.worker !== w) return;
      slot.worker = null;
      finish(slot, { error: new TtsEngineError('espeak worker stopped', { cause: error }) });
    };
    w.on('error', crash);
    w.on('exit', (code) => crash(new Error(`worker exited with code ${code}`)));
    return w;
  };

  const run = (slot: Slot, job: Job) => {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.worker ??= startWorker(slot);
    const id = nextId++;
    // A synthesis cannot be interrupted inside WASM: stopping its worker is the way to give up on it.
    const giveUp = (error: unknown) => {
      stopWorker(slot);
      finish(slot, { error });
    };
    const onAbort = () => giveUp(job.signal?.reason ?? new Error('aborted'));
    const timer = setTimeout(() => giveUp(new TtsEngineError(`espeak took longer than ${jobTimeoutMs} ms`)), jobTimeoutMs);
    slot.running = { job, id, timer, onAbort };
    job.signal?.addEventListener('abort', onAbort, { once: true });
    slot.worker.postMessage({ id, text: job.text, voice: ESPEAK_VOICES[job.voice], kbps });
  };

  function pump(): void {
    for (const slot of slots) {
      if (slot.running) continue;
      const job = queue.shift();
      if (job) {
        run(slot, job);
      } else if (slot.worker && !slot.idleTimer) {
        slot.idleTimer = setTimeout(() => {
          slot.idleTimer = null;
          stopWorker(slot);
        }, idleMs);
        slot.idleTimer.unref();
      }
    }
  }

  return {
    id: 'espeak',
    label: 'Giọng đọc ngoại tuyến (eSpeak NG)',
    synthesize(text, voice, signal) {
      if (closed) return Promise.reject(new TtsEngineError('espeak engine closed'));
      if (!ESPEAK_VOICES[voice]) return Promise.reject(new TtsEngineError(`espeak: unknown voice ${voice}`));
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise((resolve, reject) => {
        const job: Job = { text, voice, signal, resolve, reject };
        // Given up while still waiting: leave the queue at once (a running job is handled in run).
        signal?.addEventListener('abort', () => {
          const waiting = queue.indexOf(job);
          if (waiting >= 0) {
            queue.splice(waiting, 1);
            reject(signal.reason);
          }
        }, { once: true });
        queue.push(job);
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new TtsEngineError('espeak engine closed'));
      await Promise.all(slots.map(async (slot) => {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        const w = slot.worker;
        slot.worker = null;
        finish(slot, { error: new TtsEngineError('espeak engine closed') });
        if (w) await w.terminate();
      }));
    },
  };
}
