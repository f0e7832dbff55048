import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Readable, Writable } from 'node:stream';
import http from 'node:http';
import https from 'node:https';
import { trustedHttpsAgent } from './serverTls';
import { access, constants } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { PlayItem } from '@loa/contract';
import type { Player } from './player';
import { LivePacer } from './livePacer';
import { ItemRecording, type ItemRef } from './recording';
import { sleep } from './sleep';
import { openFrom, openStream } from './rangeStream';
import { isStream, STREAM_TIMEOUT_S, StreamStalledError } from './streamResume';
import type { StopSignal } from './stopSignal';
import { readWavLayout, wavSeconds } from './wav';

export type PlayerProgram = 'mpg123' | 'ffplay';

/** MPEG audio frames per second at 44.1 kHz (1152 samples a frame), for mpg123's frame skip. */
const MP3_FRAMES_PER_SECOND = 44_100 / 1152;
/** A file may run a little past its announced duration before it is cut. */
const FILE_GRACE_MS = 1500;

/** Finds an executable on PATH, like `which`; null when absent. */
export async function findExecutable(name: string, path = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/**
 * Plays through an external program: `mpg123` (seeks by skipping frames, volume as a scale factor)
 * or `ffplay` (seeks with -ss). mpg123 is fed by the agent (pipes()); ffplay reads the URL itself.
 * It is stopped when the item's time is up (a relay stream never ends by itself) or `signal` aborts.
 *
 * With `outputDir` (mpg123 only), mpg123 writes each item to a WAV file there instead of the sound
 * device (ItemRecording names them): the same decoder, seek and volume, for tests and checks of what
 * a speaker really plays. The item still lasts as long as its audio, and an item stopped early
 * keeps what was heard until then.
 */
export class ProcessPlayer implements Player {
  readonly name: string;
  private volume = 100;
  /** Streams opened ahead of their item (prepare), by address; play() takes its own. */
  private readonly prepared = new Map<string, Promise<Readable>>();

  constructor(
    private readonly program: PlayerProgram,
    private readonly executable: string = program,
    private readonly options: { outputDir?: string } = {},
  ) {
    if (options.outputDir && program !== 'mpg123') throw new Error(`${program} cannot write WAV files (mpg123 can)`);
    this.name = options.outputDir ? `${program} → ${options.outputDir}` : program;
  }

  /** Arguments of the program for one item, writing to `wavPath` when given (exported for tests through the instance). */
  argsFor(url: string, fromSeconds: number, wavPath?: string, kind: PlayItem['kind'] = 'file'): string[] {
    // Live voice is decoded as it arrives: mpg123's seek buffer reads a stream 4 KiB at a time
    // (half a second of 64 kbit/s voice), ffplay buffers its input; neither is needed for what never
    // seeks. mpg123 reads live voice from the agent (stdin), which keeps it at the live edge.
    const live = kind === 'live';
    if (this.program === 'mpg123') {
      const skip = fromSeconds > 0 ? ['-k', String(Math.round(fromSeconds * MP3_FRAMES_PER_SECOND))] : [];
      const output = wavPath ? ['-w', wavPath] : [];
      // Live voice comes in on stdin, through the agent's pacer (runLive): '-' names it.
      return ['-q', ...(live ? ['--no-seekbuffer'] : []), '-f', String(Math.round((32768 * this.volume) / 100)), ...skip, ...output, live ? '-' : url];
    }
    const seek = fromSeconds > 0 ? ['-ss', fromSeconds.toFixed(2)] : [];
    return ['-nodisp', '-autoexit', '-loglevel', 'error', ...(live ? ['-fflags', 'nobuffer'] : []), '-volume', String(this.volume), ...seek, url];
  }

  /**
   * Whether play() fetches `url` itself and feeds it to the decoder: a stored file from a server, and
   * a relay's station, so that a stream gone silent with its connection still open is noticed
   * (STREAM_TIMEOUT_S) and heard again; mpg123 reading it would wait for ever. Live voice has its own path.
   */
  private pipes(url: string, kind: PlayItem['kind']): boolean {
    return this.program === 'mpg123' && kind !== 'live' && isStream(url);
  }

  prepare(url: string, kind: PlayItem['kind'], signal: StopSignal): void {
    // A relay is not opened ahead: it would be heard from where it was opened, late.
    if (signal.aborted || kind === 'relay' || !this.pipes(url, kind) || this.prepared.has(url)) return;
    const opening = openStream(url, abortSignalOf(signal), STREAM_TIMEOUT_S * 1000);
    // A failure to open is play()'s to report (it opens it again); a stream closed before play()
    // feeds it (the session ended) errors with nobody listening yet.
    opening.then((body) => body.on('error', () => undefined), () => undefined);
    this.prepared.set(url, opening);
    signal.addEventListener('abort', () => {
      if (this.prepared.get(url) === opening) this.prepared.delete(url);
      void opening.then((body) => body.destroy(), () => undefined);
    }, { once: true });
  }

  /** The stream prepare() opened for `url` (once), or null. */
  private takePrepared(url: string): Promise<Readable> | null {
    const opening = this.prepared.get(url) ?? null;
    this.prepared.delete(url);
    return opening;
  }

  /** Resolves when the item ends, its time is up or `signal` aborts; rejects when the program fails. */
  async play(url: string, fromSeconds: number, durationSeconds: number, signal: StopSignal, kind: PlayItem['kind'] = 'file', item?: ItemRef): Promise<void> {
    if (signal.aborted) return;
    const calledAt = performance.now();
    // Live voice and a relay are heard from their newest audio: there is nothing to seek in them
    // (skipping frames of a station's stream would only delay it by as much).
    const seeks = kind !== 'live' && kind !== 'relay';
    const from = seeks ? fromSeconds : 0;
    const input = kind === 'live' && this.program === 'mpg123' ? url : undefined;
    // A stored file from the server is fetched by the agent and fed to mpg123, so that a stream gone
    // silent is noticed (rangeStream.ts); resumed after a drop, from its position with Range.
    let piped: Readable | undefined;
    let source = url;
    /** Where in the input the decoder starts (a stream opened with Range starts at `from` itself). */
    let inputFrom = from;
    if (!input && this.pipes(url, kind)) {
      const stop = abortSignalOf(signal);
      const ready = this.takePrepared(url);
      const ranged = item?.resumed && from > 0 ? await openFrom(url, from, durationSeconds, stop, STREAM_TIMEOUT_S * 1000) : null;
      if (ranged) void ready?.then((body) => body.destroy(), () => undefined);
      const open = () => openStream(url, stop, STREAM_TIMEOUT_S * 1000);
      piped = ranged?.body ?? await (ready ? ready.catch(open) : open());
      source = '-';
      if (ranged) inputFrom = 0;
    }
    const recording = this.options.outputDir ? await ItemRecording.reserve(this.options.outputDir, item ?? { sessionId: 'phat', index: 0 }) : null;
    // The clock went on while the audio was opened (the first item of a session has nothing opened
    // ahead: a whole request on a loaded link): a stored item starts that much further in, so that
    // it is in step with the other speakers from its first sound and ends on time, rather than
    // playing late throughout and making the next item join late. The session is told where it starts.
    const late = seeks ? Math.round(((performance.now() - calledAt) / 1000) * MP3_FRAMES_PER_SECOND) / MP3_FRAMES_PER_SECOND : 0;
    const startsAt = from + late;
    if (seeks && startsAt >= durationSeconds) {
      piped?.destroy();
      await recording?.finish(0);
      return;
    }
    item?.onSound?.(startsAt);
    const argsFor = (wavPath?: string) => this.argsFor(source, inputFrom + late, wavPath, kind);
    const remainingMs = Math.max(0, durationSeconds - startsAt) * 1000 + (seeks ? FILE_GRACE_MS : 0);
    if (!recording) {
      await this.run(argsFor(), remainingMs, signal, input, piped);
      return;
    }
    const startedAt = Date.now();
    let cut = false;
    try {
      cut = await this.run(argsFor(recording.partPath), remainingMs, signal, input, piped);
      if (!cut) {
        // mpg123 writes a file much faster than it plays: the item lasts as long as its audio, as on a speaker.
        const audioMs = await readWavLayout(recording.partPath).then((layout) => wavSeconds(layout) * 1000, () => 0);
        await sleep(Math.min(audioMs, remainingMs) - (Date.now() - startedAt), signal);
        cut = signal.aborted;
      }
    } finally {
      await recording.finish(cut ? (Date.now() - startedAt) / 1000 : undefined);
    }
  }

  /** Runs the program until it exits or is stopped (time up, or `signal`); answers whether it was stopped. */
  private run(args: string[], remainingMs: number, signal: StopSignal, liveInput?: string, piped?: Readable): Promise<boolean> {
    if (signal.aborted) {
      piped?.destroy();
      return Promise.resolve(true);
    }
    return new Promise((resolve, reject) => {
      const child = spawn(this.executable, args, { stdio: [liveInput || piped ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
      const fed = piped && child.stdin ? feed(piped, child.stdin) : null;
      let stderr = '';
      let stoppedByUs = false;
      let request: http.ClientRequest | null = null;
      let pacer: LivePacer | null = null;
      const stop = () => {
        stoppedByUs = true;
        request?.destroy();
        pacer?.close();
        piped?.destroy();
        child.kill('SIGTERM');
      };
      if (liveInput && child.stdin) {
        // The live stream, fetched here and fed to the decoder through the pacer.
        const stdin = child.stdin;
        stdin.on('error', () => undefined); // the decoder has gone: its exit says why
        const paced = new LivePacer((frame) => stdin.write(frame));
        pacer = paced;
        const onResponse = (response: http.IncomingMessage): void => {
          if (response.statusCode !== 200) {
            stderr = `live stream answered HTTP ${response.statusCode}`;
            response.resume();
            stdin.end();
            return;
          }
          response.on('data', (bytes: Buffer) => paced.push(bytes));
          // What the jitter buffer still holds plays out before the decoder is told the stream ended.
          response.on('end', () => paced.end(() => stdin.end()));
          response.on('error', () => paced.end(() => stdin.end()));
        };
        // https through the agent that checks the server's certificate at the server's time (serverTls.ts).
        request = liveInput.startsWith('https:') ? https.get(liveInput, { agent: trustedHttpsAgent }, onResponse) : http.get(liveInput, onResponse);
        // A live stream with nothing for STREAM_TIMEOUT_S has dropped: the session resumes it at its newest audio.
        request.setTimeout(STREAM_TIMEOUT_S * 1000, () => request?.destroy(new Error(`no audio for ${STREAM_TIMEOUT_S} s`)));
        request.on('error', (error) => {
          if (!stoppedByUs) stderr = `live stream: ${error.message}`;
          paced.close();
          stdin.end();
        });
      }
      const timer = setTimeout(stop, remainingMs);
      signal.addEventListener('abort', stop, { once: true });
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-500);
      });
      const finish = (error: Error | null) => {
        clearTimeout(timer);
        piped?.destroy();
        pacer?.close();
        signal.removeEventListener('abort', stop);
        if (error) reject(error);
        else resolve(stoppedByUs);
      };
      child.on('error', (error) => finish(error));
      child.on('close', (code) => {
        const silent = fed?.stalledFor() ?? null;
        // The stream went silent and was given up: the item dropped where its audio stopped, not now.
        if (!stoppedByUs && silent !== null) finish(new StreamStalledError(silent));
        else if (stoppedByUs || code === 0) finish(null);
        else finish(new Error(stderr.trim() || `${this.program} exited with code ${code}`));
      });
    });
  }

  setVolume(volume: number): void {
    this.volume = volume;
  }
}

/** An AbortSignal that aborts with `signal` (fetch takes one). */
function abortSignalOf(signal: StopSignal): AbortSignal {
  const controller = new AbortController();
  if (signal.aborted) controller.abort();
  else signal.addEventListener('abort', () => controller.abort(), { once: true });
  return controller.signal;
}

/**
 * Feeds a fetched stream to the decoder's input; a stream with no bytes for STREAM_TIMEOUT_S has
 * dropped (its input is ended, the decoder stops, and the session resumes the item again).
 */
function feed(body: Readable, stdin: Writable): { stalledFor: () => number | null } {
  stdin.on('error', () => undefined); // the decoder has gone: its exit says why
  let watchdog: NodeJS.Timeout | null = null;
  let lastData = performance.now();
  let stalled: number | null = null;
  const quiet = () => {
    lastData = performance.now();
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      stalled = (performance.now() - lastData) / 1000;
      body.destroy(new Error(`no audio for ${STREAM_TIMEOUT_S} s`));
    }, STREAM_TIMEOUT_S * 1000);
  };
  quiet();
  body.on('data', quiet);
  const end = () => {
    if (watchdog) clearTimeout(watchdog);
    stdin.end();
  };
  body.on('error', end);
  body.on('close', end);
  body.pipe(stdin, { end: false });
  return { stalledFor: () => stalled };
}
