import { LIVE_KBPS, LIVE_MESSAGES } from '@loa/contract';
import type { CapturedBlock } from './captureWorklet';
import captureWorkletUrl from './captureWorklet.ts?worker&url';
import { DriftResampler, MAX_STRETCH } from './driftResampler';

/** A microphone being captured and encoded: open or closed (the speakers then hear silence), and stopped. */
export interface MicCapture {
  setOpen(open: boolean): void;
  stop(): void;
}

/** The clear Vietnamese message for a microphone the browser refused, lacks or cannot use. */
export function micErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return LIVE_MESSAGES.micDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return LIVE_MESSAGES.micAbsent;
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return LIVE_MESSAGES.micBusy;
  return LIVE_MESSAGES.micUnsupported;
}

/** Samples per block from the capture worklet: about 85 ms at 48 kHz, so each chunk stays well under 250 ms. */
const BLOCK = 4096;
const RATE = 48_000;

/**
 * Opens the microphone and encodes it to MP3 in the browser (LAME, mono, 64 kbit/s): every block
 * of PCM becomes whole MP3 frames handed to `onChunk` (about 85 ms each), and `onLevel` gets the
 * block's loudness (0..1) for the meter. While closed, silence is encoded instead of the voice, so
 * the stream never stops. The stream is kept at real time on the computer's clock whatever the
 * microphone's own clock does (driftResampler.ts). The AudioContext is made before anything is
 * awaited (inside the click).
 */
export async function openMicrophone(onChunk: (bytes: Uint8Array) => void, onLevel: (level: number) => void): Promise<MicCapture> {
  if (typeof navigator === 'undefined' || typeof navigator.mediaDevices?.getUserMedia !== 'function' || typeof AudioContext === 'undefined') {
    throw Object.assign(new Error(LIVE_MESSAGES.micUnsupported), { name: 'NotSupportedError' });
  }
  const context = new AudioContext({ sampleRate: RATE });
  let stream: MediaStream | null = null;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 } });
    await context.resume();
    const { Mp3Encoder } = await import('@breezystack/lamejs');
    const encoder = new Mp3Encoder(1, context.sampleRate, LIVE_KBPS);
    // The samples are taken on the audio thread (captureWorklet.ts) and queue for this page, so a
    // busy page delays the voice but never chops it.
    await context.audioWorklet.addModule(captureWorkletUrl);
    const source = context.createMediaStreamSource(stream);
    const processor = new AudioWorkletNode(context, 'loa-capture', { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1], channelCount: 1, channelCountMode: 'explicit' });
    // The worklet only runs when connected onwards: through a silent gain, so nothing is heard here.
    const mute = context.createGain();
    mute.gain.value = 0;
    source.connect(processor);
    processor.connect(mute);
    mute.connect(context.destination);
    let open = false;
    const drift = new DriftResampler(context.sampleRate);
    const pcm = new Int16Array(Math.ceil(BLOCK * (1 + MAX_STRETCH)) + 2);
    processor.port.onmessage = (event: MessageEvent<CapturedBlock>) => {
      const input = drift.process(event.data.samples, event.data.at);
      let sum = 0;
      for (let i = 0; i < input.length; i += 1) {
        const s = Math.max(-1, Math.min(1, input[i]!));
        sum += s * s;
        pcm[i] = open ? (s < 0 ? s * 0x8000 : s * 0x7fff) : 0;
      }
      onLevel(Math.min(1, Math.sqrt(sum / Math.max(1, input.length)) * 4));
      const out = encoder.encodeBuffer(pcm.subarray(0, input.length));
      if (out.length > 0) onChunk(new Uint8Array(out));
    };
    const tracks = stream.getTracks();
    return {
      setOpen: (next) => {
        open = next;
      },
      stop: () => {
        processor.port.onmessage = null;
        processor.port.close();
        source.disconnect();
        processor.disconnect();
        tracks.forEach((t) => t.stop());
        void context.close();
      },
    };
  } catch (error) {
    stream?.getTracks().forEach((t) => t.stop());
    void context.close();
    throw error;
  }
}
