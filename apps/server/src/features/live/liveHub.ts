/** Where a listener's audio goes: each chunk as it arrives, then the end of the stream. */
export interface LiveSink {
  chunk(bytes: Buffer): void;
  end(): void;
}

/**
 * The live streams of this deployment: the instance that holds an officer's socket publishes the
 * chunks, any instance serves them to listeners (speakers, the listen link). In process without
 * REDIS_URL; through Redis streams with it (redisLiveHub.ts), so a speaker hears the officer
 * whichever instance it fetches from.
 */
export interface LiveHub {
  /** Makes a stream listenable (before the speakers are told to fetch it). */
  open(id: string): Promise<void>;
  /** Appends one chunk of MP3 frames. */
  publish(id: string, chunk: Buffer): Promise<void>;
  /** Ends a stream: every listener's response ends, and new listeners are refused. */
  close(id: string): Promise<void>;
  /**
   * Starts a listener at the newest chunk; answers how to stop listening, or null when the stream
   * does not exist or has ended.
   */
  listen(id: string, sink: LiveSink): Promise<(() => void) | null>;
  /**
   * A mark that changes whenever audio arrives on the stream (by whichever instance), for the
   * silence watchdog; 'ended' once closed, null when unknown.
   */
  mark(id: string): Promise<string | null>;
  shutdown(): Promise<void>;
}

interface LocalStream {
  last: Buffer | null;
  count: number;
  sinks: Set<LiveSink>;
  ended: boolean;
}

/** How long an ended stream is remembered (a late listener is told it ended, not that it never was). */
const ENDED_KEEP_MS = 60_000;

/** One server instance: streams in memory. */
export class InProcessLiveHub implements LiveHub {
  private readonly streams = new Map<string, LocalStream>();

  async open(id: string): Promise<void> {
    if (!this.streams.has(id)) this.streams.set(id, { last: null, count: 0, sinks: new Set(), ended: false });
  }

  async publish(id: string, chunk: Buffer): Promise<void> {
    const s = this.streams.get(id);
    if (!s || s.ended) return;
    s.last = chunk;
    s.count += 1;
    for (const sink of s.sinks) sink.chunk(chunk);
  }

  async close(id: string): Promise<void> {
    const s = this.streams.get(id);
    if (!s || s.ended) return;
    s.ended = true;
    s.last = null;
    for (const sink of s.sinks) sink.end();
    s.sinks.clear();
    setTimeout(() => this.streams.delete(id), ENDED_KEEP_MS).unref();
  }

  async listen(id: string, sink: LiveSink): Promise<(() => void) | null> {
    const s = this.streams.get(id);
    if (!s || s.ended) return null;
    if (s.last) sink.chunk(s.last);
    s.sinks.add(sink);
    return () => {
      s.sinks.delete(sink);
    };
  }

  async mark(id: string): Promise<string | null> {
    const s = this.streams.get(id);
    if (!s) return null;
    return s.ended ? 'ended' : String(s.count);
  }

  async shutdown(): Promise<void> {
    for (const id of this.streams.keys()) await this.close(id);
    this.streams.clear();
  }
}
