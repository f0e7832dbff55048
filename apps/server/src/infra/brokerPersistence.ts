import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

const require = createRequire(import.meta.url);
// The stock in-memory persistence of aedes, extended below; its modules are CommonJS.
const MemoryPersistence = require('aedes-persistence/asyncPersistence.js') as new (opts?: object) => object;
const { CallBackPersistence } = require('aedes-persistence/callBackPersistence.js') as { CallBackPersistence: new (factory: (opts: object) => object, opts?: object) => unknown };

interface RetainedPacket {
  topic: string;
  payload: Buffer;
}

/** Whether an MQTT topic matches a subscription pattern with `+` and `#` wildcards. */
export function topicMatches(pattern: string, topic: string): boolean {
  const p = pattern.split('/');
  const t = topic.split('/');
  for (let i = 0; i < p.length; i += 1) {
    if (p[i] === '#') return true;
    if (i >= t.length || (p[i] !== '+' && p[i] !== t[i])) return false;
  }
  return p.length === t.length;
}

/**
 * The stock store tests every retained topic against each new subscription, so connecting N
 * devices (each with retained config and state) costs O(N²) and stalls past a few thousand.
 * Devices only ever subscribe to exact topics: those are answered from a map in O(1).
 */
class FastRetainedPersistence extends MemoryPersistence {
  private readonly retained = new Map<string, RetainedPacket>();

  async storeRetained(pkt: RetainedPacket): Promise<void> {
    const packet = { ...pkt };
    if (packet.payload.length === 0) this.retained.delete(packet.topic);
    else this.retained.set(packet.topic, packet);
  }

  createRetainedStreamCombi(patterns: string[]): Readable {
    return Readable.from(this.matching(patterns));
  }

  createRetainedStream(pattern: string): Readable {
    return Readable.from(this.matching([pattern]));
  }

  private *matching(patterns: string[]): Generator<RetainedPacket> {
    for (const pattern of patterns) {
      if (!pattern.includes('+') && !pattern.includes('#')) {
        const packet = this.retained.get(pattern);
        if (packet) yield packet;
        continue;
      }
      for (const [topic, packet] of this.retained) if (topicMatches(pattern, topic)) yield packet;
    }
  }
}

/** The persistence the embedded broker uses. */
export function fastRetainedPersistence(): unknown {
  return new CallBackPersistence((opts) => new FastRetainedPersistence(opts));
}
