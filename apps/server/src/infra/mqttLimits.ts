import { Duplex, Transform, Writable, type TransformCallback } from 'node:stream';

/**
 * Reads the MQTT fixed header of every packet a client sends (type byte, then a remaining length of
 * one to four bytes) and fails the stream as soon as a packet announces more than `maxBytes`, before
 * the broker's parser buffers it. aedes has no such limit: its parser would hold a 256 MB packet in
 * memory, CONNECT included (sent before any authentication).
 */
export class PacketSizeGuard extends Transform {
  private bodyLeft = 0;
  private header: number[] = [];

  constructor(private readonly maxBytes: number, private readonly onRefused: (announcedBytes: number) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    for (let i = 0; i < chunk.length;) {
      if (this.bodyLeft > 0) {
        const n = Math.min(this.bodyLeft, chunk.length - i);
        this.bodyLeft -= n;
        i += n;
        continue;
      }
      const byte = chunk[i];
      i += 1;
      this.header.push(byte);
      if (this.header.length === 1 || byte & 0x80) {
        // A remaining length takes at most four bytes (MQTT 3.1.1 §2.2.3).
        if (this.header.length > 5) return done(this.refuse(Number.POSITIVE_INFINITY));
        continue;
      }
      let length = 0;
      for (let k = this.header.length - 1; k >= 1; k -= 1) length = length * 128 + (this.header[k] & 0x7f);
      const total = this.header.length + length;
      this.header = [];
      if (total > this.maxBytes) return done(this.refuse(total));
      this.bodyLeft = length;
    }
    done(null, chunk);
  }

  private refuse(announced: number): Error {
    this.onRefused(announced);
    return new Error(`MQTT packet of ${announced} bytes exceeds the limit of ${this.maxBytes}`);
  }
}

/**
 * What the broker writes, gathered per turn of the event loop: the MQTT packet writer writes each
 * packet in four or five pieces (header, length, topic, id, payload), which on a socket without
 * Nagle's delay would each be a system call and a TCP segment, 50,000 of them for one command to
 * 10,000 speakers. The connection is corked at the first write of a turn and uncorked right after
 * it, so each packet, or each burst of packets, goes out in one write.
 */
function gatheredWrites(conn: Duplex): Writable {
  let corked = false;
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!corked) {
        corked = true;
        conn.cork();
        process.nextTick(() => {
          corked = false;
          conn.uncork();
        });
      }
      if (conn.write(chunk)) done();
      else conn.once('drain', () => done());
    },
    final(done) {
      conn.end();
      done();
    },
  });
}

/**
 * The client's connection as the broker should see it: what it reads passes the size guard first,
 * what it writes goes to the connection gathered per turn of the event loop. Destroying either
 * ends the connection.
 */
export function guardedConnection(conn: Duplex, maxBytes: number, onRefused: (announcedBytes: number) => void): Duplex {
  const guard = new PacketSizeGuard(maxBytes, onRefused);
  conn.pipe(guard);
  const guarded = Duplex.from({ readable: guard, writable: gatheredWrites(conn) });
  const cut = () => {
    conn.destroy();
    guarded.destroy();
  };
  guard.on('error', cut);
  conn.on('error', cut);
  conn.on('close', () => guarded.destroy());
  guarded.on('close', () => conn.destroy());
  return guarded;
}

/**
 * How many messages each device may publish per minute (fixed one-minute windows, kept by device
 * id so reconnecting does not refill the budget). One entry per authenticated device.
 */
export class DeviceRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: number, private readonly now: () => number = Date.now) {}

  /** Counts one message; false once the device is over its budget for the current minute. */
  take(deviceId: string): boolean {
    const now = this.now();
    let w = this.windows.get(deviceId);
    if (!w || now - w.start >= 60_000) {
      w = { start: now, count: 0 };
      this.windows.set(deviceId, w);
    }
    w.count += 1;
    return w.count <= this.perMinute;
  }
}
