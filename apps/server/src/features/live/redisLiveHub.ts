import { createClient, RESP_TYPES } from 'redis';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_SILENCE_SECONDS } from '@loa/contract';
import type { LiveHub, LiveSink } from './liveHub';

/** Chunks kept per stream (about 40 s at 5 a second): a listener only ever starts at the newest. */
const KEEP_CHUNKS = 200;
/** A stream nobody writes to any more (its instance died) disappears after this. */
const IDLE_EXPIRE_MS = (LIVE_SILENCE_SECONDS + 50) * 1000;
const BLOCK_MS = 1000;

type Client = ReturnType<typeof createClient>;
type Entry = [Buffer, Buffer[]];

/** The entries of an XREAD answer (RESP2 array or RESP3 map, whichever the client gives). */
function entriesOf(reply: unknown): Entry[] {
  if (!reply) return [];
  const streams = Array.isArray(reply) ? reply.map((r: [unknown, Entry[]]) => r[1]) : reply instanceof Map ? [...reply.values()] : Object.values(reply as object);
  return (streams as Entry[][]).flat();
}

/** A field of a stream entry ('a' audio, 'e' end, 'o' open), or undefined. */
function field(entry: Entry, name: string): Buffer | undefined {
  const fields = entry[1];
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i].toString() === name) return fields[i + 1];
  return undefined;
}

interface Reader {
  sinks: Set<LiveSink>;
  lastId: string;
  lastChunk: Buffer | null;
  conn: Client | null;
}

/**
 * Live streams through Redis streams (REDIS_URL): the publishing instance XADDs each chunk (capped
 * with MAXLEN, expiring when nobody writes), each instance with listeners on a stream runs one
 * blocking XREAD on its own connection and fans the chunks out to them.
 */
export class RedisLiveHub implements LiveHub {
  private readonly readers = new Map<string, Reader>();
  private stopped = false;

  private constructor(private readonly client: Client, private readonly prefix: string, private readonly log: FastifyBaseLogger) {}

  static async connect(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisLiveHub> {
    const client = createClient({ url }).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer }) as unknown as Client;
    client.on('error', (error: unknown) => log.warn({ err: error }, 'live hub: redis error'));
    await client.connect();
    return new RedisLiveHub(client, prefix, log);
  }

  private key(id: string): string {
    return `${this.prefix}live:${id}`;
  }

  private async add(id: string, name: string, value: Buffer): Promise<void> {
    const key = this.key(id);
    await this.client.sendCommand(['XADD', key, 'MAXLEN', '~', String(KEEP_CHUNKS), '*', name, value]);
    await this.client.sendCommand(['PEXPIRE', key, String(IDLE_EXPIRE_MS)]);
  }

  async open(id: string): Promise<void> {
    await this.add(id, 'o', Buffer.alloc(0));
  }

  async publish(id: string, chunk: Buffer): Promise<void> {
    await this.add(id, 'a', chunk);
  }

  async close(id: string): Promise<void> {
    await this.add(id, 'e', Buffer.alloc(0));
  }

  private async newest(id: string): Promise<Entry | null> {
    const reply = (await this.client.sendCommand(['XREVRANGE', this.key(id), '+', '-', 'COUNT', '1'])) as Entry[] | null;
    return reply?.[0] ?? null;
  }

  async listen(id: string, sink: LiveSink): Promise<(() => void) | null> {
    let reader = this.readers.get(id);
    if (reader) {
      // Joins the reader already running here, at the chunk it delivered last.
      if (reader.lastChunk) sink.chunk(reader.lastChunk);
    } else {
      const last = await this.newest(id);
      if (!last || field(last, 'e')) return null;
      reader = this.readers.get(id); // another listener may have started one meanwhile
      if (!reader) {
        const audio = field(last, 'a') ?? null;
        reader = { sinks: new Set(), lastId: last[0].toString(), lastChunk: audio, conn: null };
        this.readers.set(id, reader);
        void this.read(id, reader);
      }
      if (reader.lastChunk) sink.chunk(reader.lastChunk);
    }
    const r = reader;
    r.sinks.add(sink);
    return () => {
      r.sinks.delete(sink);
    };
  }

  /** One blocking reader per stream and instance while it has listeners. */
  private async read(id: string, reader: Reader): Promise<void> {
    const key = this.key(id);
    try {
      reader.conn = this.client.duplicate();
      reader.conn.on('error', () => undefined);
      await reader.conn.connect();
      let idleRounds = 0;
      while (!this.stopped) {
        idleRounds = reader.sinks.size === 0 ? idleRounds + 1 : 0;
        if (idleRounds > 1) break;
        const reply = await reader.conn.sendCommand(['XREAD', 'COUNT', '50', 'BLOCK', String(BLOCK_MS), 'STREAMS', key, reader.lastId]);
        const entries = entriesOf(reply);
        if (entries.length === 0 && Number(await this.client.sendCommand(['EXISTS', key])) === 0) break; // expired: its publisher is gone
        for (const entry of entries) {
          reader.lastId = entry[0].toString();
          if (field(entry, 'e')) {
            for (const sink of reader.sinks) sink.end();
            reader.sinks.clear();
            return;
          }
          const audio = field(entry, 'a');
          if (audio && audio.length > 0) {
            reader.lastChunk = audio;
            for (const sink of reader.sinks) sink.chunk(audio);
          }
        }
      }
      for (const sink of reader.sinks) sink.end();
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error, broadcast: id }, 'live hub: reading the stream failed');
      for (const sink of reader.sinks) sink.end();
    } finally {
      if (this.readers.get(id) === reader) this.readers.delete(id);
      reader.conn?.destroy();
    }
  }

  async mark(id: string): Promise<string | null> {
    const last = await this.newest(id);
    if (!last) return null;
    return field(last, 'e') ? 'ended' : last[0].toString();
  }

  async shutdown(): Promise<void> {
    this.stopped = true;
    for (const reader of this.readers.values()) {
      for (const sink of reader.sinks) sink.end();
      reader.conn?.destroy();
    }
    this.readers.clear();
    this.client.destroy();
  }
}
