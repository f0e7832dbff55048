import { beforeAll, describe, expect, it } from 'vitest';
import type { CapturedBlock } from './captureWorklet';

// The worklet runs in AudioWorkletGlobalScope: its two globals are provided here, as Chromium does.
type Processor = { process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean };
let Capture: new () => Processor;
let posted: CapturedBlock[] = [];

beforeAll(async () => {
  const scope = globalThis as unknown as Record<string, unknown>;
  scope.AudioWorkletProcessor = class {
    readonly port = { postMessage: (message: CapturedBlock) => posted.push(message) };
  };
  scope.registerProcessor = (name: string, processor: new () => Processor) => {
    if (name === 'loa-capture') Capture = processor;
  };
  await import('./captureWorklet');
});

/** Render quanta of 128 samples holding 0, 1, 2, … in turn, as the audio thread hands them over. */
function feed(processor: Processor, quanta: number, from = 0): void {
  for (let q = 0; q < quanta; q += 1) {
    processor.process([[Float32Array.from({ length: 128 }, (_, i) => from + q * 128 + i)]], [[new Float32Array(128)]]);
  }
}

describe('the microphone capture worklet', () => {
  it('posts the samples in order, in whole blocks of 4096, each with when it was complete', () => {
    posted = [];
    const processor = new Capture();
    feed(processor, 100); // 12,800 samples: three whole blocks, 512 samples held for the next
    expect(posted.map((b) => b.samples.length)).toEqual([4096, 4096, 4096]);
    const all = posted.flatMap((b) => Array.from(b.samples));
    expect(all).toEqual(Array.from({ length: 3 * 4096 }, (_, i) => i));
    expect(posted.every((b, i) => b.at >= (posted[i - 1]?.at ?? 0))).toBe(true);
  });

  it('never writes again into a block it has posted (a late page still reads what was captured)', () => {
    posted = [];
    const processor = new Capture();
    feed(processor, 32); // exactly one block
    const first = posted[0]!;
    const copy = Array.from(first.samples);
    feed(processor, 64, 32 * 128);
    expect(Array.from(first.samples)).toEqual(copy);
    expect(posted[1]!.samples[0]).toBe(4096);
    expect(posted[1]!.samples).not.toBe(first.samples);
  });

  it('keeps running with no input connected', () => {
    const processor = new Capture();
    expect(processor.process([[]], [[new Float32Array(128)]])).toBe(true);
    expect(processor.process([], [])).toBe(true);
  });
});
