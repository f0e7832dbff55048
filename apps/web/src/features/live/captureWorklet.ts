/**
 * The microphone's samples, taken on the audio thread (an AudioWorklet) and posted to the page in
 * blocks of CAPTURE_BLOCK with the wall-clock time each was complete. A ScriptProcessorNode, used
 * before, hands the page buffers the audio thread goes on writing into: when the page's main thread
 * is late (a busy or slow computer), the officer's voice reached the speakers chopped and out of
 * order. Posted blocks are copies that queue until the page reads them: a late page only delays them.
 * Loaded with `audioWorklet.addModule` (micCapture.ts); runs in AudioWorkletGlobalScope.
 */

/** Samples per block: about 85 ms at 48 kHz (the encoder's unit of work). Kept in step with micCapture.ts. */
const CAPTURE_BLOCK = 4096;

/** One block to the page: its samples and when its last sample was taken (ms since the epoch). */
export interface CapturedBlock {
  samples: Float32Array;
  at: number;
}

// The AudioWorkletGlobalScope's own names (not in TypeScript's DOM library).
declare abstract class AudioWorkletProcessor {
  readonly port: MessagePort;
  abstract process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class LoaCapture extends AudioWorkletProcessor {
  private block = new Float32Array(CAPTURE_BLOCK);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true; // no input connected yet
    let from = 0;
    while (from < channel.length) {
      const n = Math.min(channel.length - from, CAPTURE_BLOCK - this.filled);
      this.block.set(channel.subarray(from, from + n), this.filled);
      this.filled += n;
      from += n;
      if (this.filled === CAPTURE_BLOCK) {
        const message: CapturedBlock = { samples: this.block, at: Date.now() };
        this.port.postMessage(message, [this.block.buffer]);
        this.block = new Float32Array(CAPTURE_BLOCK);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('loa-capture', LoaCapture);
