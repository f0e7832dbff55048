import type { VoiceId } from '@loa/contract';

/** Audio made by an engine: MP3 bytes and how long they play. */
export interface SynthesizedAudio {
  mp3: Buffer;
  durationSeconds: number;
}

/** A text-to-speech engine: the offline one or a cloud provider, all behind this one shape. */
export interface TtsEngine {
  /** Path segment of POST /v1/client/tts/:engine. */
  readonly id: string;
  /** Name shown in the console. */
  readonly label: string;
  /** Speaks already normalised Vietnamese text with one of the nine product voices. */
  synthesize(text: string, voice: VoiceId, signal?: AbortSignal): Promise<SynthesizedAudio>;
  /** Frees what the engine holds (worker threads); called when the server stops. */
  close?(): Promise<void>;
}

/** An engine failed; the message is for the log, never for the user. */
export class TtsEngineError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TtsEngineError';
  }
}

/** Waits, or rejects at once when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
