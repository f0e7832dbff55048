import { useCallback, useRef, useState } from 'react';

/** Whether this browser can record from the microphone. */
export const recordingSupported = (): boolean =>
  typeof MediaRecorder !== 'undefined' && typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/** Microphone recording with MediaRecorder: start, then stop gives the recorded blob. */
export function useRecorder() {
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const [startedAt, setStartedAt] = useState<number | null>(null);

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const next = new MediaRecorder(stream);
    chunks.current = [];
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    next.start();
    recorder.current = next;
    setStartedAt(Date.now());
  }, []);

  const stop = useCallback(
    () =>
      new Promise<Blob>((resolve, reject) => {
        const current = recorder.current;
        if (!current) {
          reject(new Error('not recording'));
          return;
        }
        current.onstop = () => {
          current.stream.getTracks().forEach((track) => track.stop());
          resolve(new Blob(chunks.current, { type: current.mimeType }));
        };
        current.stop();
        recorder.current = null;
        setStartedAt(null);
      }),
    [],
  );

  return { recording: startedAt !== null, startedAt, start, stop };
}
