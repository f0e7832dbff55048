import { useCallback, useEffect, useRef, useState } from 'react';
import { CSRF_COOKIE, LIVE_EVENTS, LIVE_MESSAGES, type LiveEnded, type LiveStart, type LiveStartAnswer } from '@loa/contract';
import { readCookie } from '../../lib/cookies';
import { useSocket, useSocketEvent } from '../../lib/socket/useSocketEvent';
import { micErrorMessage, openMicrophone, type MicCapture } from './micCapture';

export type LivePhase = 'idle' | 'starting' | 'live';

export interface LiveVoiceState {
  phase: LivePhase;
  /** The live session, once the server accepted it. */
  id: string | null;
  /** When the voice reaches the speakers (after the chime), unix ms. */
  voiceAt: number | null;
  startedAt: number | null;
  /** Microphone loudness 0..1, for the meter. */
  level: number;
  micOpen: boolean;
}

const IDLE: LiveVoiceState = { phase: 'idle', id: null, voiceAt: null, startedAt: null, level: 0, micOpen: false };

/** How a start ended for the dialog: started, refused by the server (maybe naming who is live), or a microphone problem. */
export type LiveStartResult = { ok: true } | { ok: false; message: string; dangphat?: unknown[] };

/** How an ending is shown: the officer's own stop, someone else's stop or takeover (who and when), or a failure. */
export type LiveEndTone = 'success' | 'warning' | 'error';

/**
 * Live voice from this console (issue #12): the microphone encoded to MP3 in ~85 ms chunks, sent on
 * the console's authenticated socket while the server's session runs. Ends on Stop, on the server's
 * word (silence, a stop from a card, sign-out) and when the socket drops; `onEnded` says why.
 */
export function useLiveVoice(onEnded: (message: string, tone: LiveEndTone) => void) {
  const socket = useSocket();
  const [state, setState] = useState<LiveVoiceState>(IDLE);
  const capture = useRef<MicCapture | null>(null);
  const idRef = useRef<string | null>(null);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  });

  const release = useCallback(() => {
    capture.current?.stop();
    capture.current = null;
    idRef.current = null;
    setState(IDLE);
  }, []);

  const start = useCallback(async (payload: LiveStart, micOpen: boolean): Promise<LiveStartResult> => {
    setState({ ...IDLE, phase: 'starting' });
    // The microphone first: a refused or missing one is the officer's first answer, connected or not.
    try {
      capture.current = await openMicrophone(
        (bytes) => {
          if (idRef.current && socket?.connected) socket.emit(LIVE_EVENTS.chunk, idRef.current, bytes);
        },
        (level) => setState((s) => (s.phase === 'idle' ? s : { ...s, level })),
      );
    } catch (error) {
      release();
      return { ok: false, message: micErrorMessage(error) };
    }
    if (!socket?.connected) {
      release();
      return { ok: false, message: LIVE_MESSAGES.notConnected };
    }
    let answer: LiveStartAnswer;
    try {
      // The CSRF cookie echoed proves the start comes from this console's page (double submit).
      answer = (await socket.timeout(20_000).emitWithAck(LIVE_EVENTS.start, { ...payload, csrf: readCookie(CSRF_COOKIE) })) as LiveStartAnswer;
    } catch {
      release();
      return { ok: false, message: LIVE_MESSAGES.notConnected };
    }
    if (!answer.ok) {
      release();
      return answer;
    }
    idRef.current = answer.data.idlichphat;
    capture.current?.setOpen(micOpen);
    setState((s) => ({ ...s, phase: 'live', id: answer.data.idlichphat, voiceAt: answer.data.batdau, startedAt: Date.now(), micOpen }));
    return { ok: true };
  }, [socket, release]);

  const setMicOpen = useCallback((open: boolean) => {
    capture.current?.setOpen(open);
    setState((s) => (s.micOpen === open ? s : { ...s, micOpen: open }));
  }, []);

  const stop = useCallback(async () => {
    const id = idRef.current;
    if (!id || !socket) return release();
    try {
      await socket.timeout(10_000).emitWithAck(LIVE_EVENTS.stop, id);
    } catch {
      // The server ends it anyway once the audio stops.
    }
    // The server's ended event tells the outcome; release here in case it never comes.
    if (idRef.current === id) {
      release();
      ended.current(LIVE_MESSAGES.stopped, 'success');
    }
  }, [socket, release]);

  useSocketEvent(LIVE_EVENTS.ended, (event: LiveEnded) => {
    if (!idRef.current || event.idlichphat !== idRef.current) return;
    release();
    // Stopped here: an ending. Stopped or taken over by someone else: a warning naming who and when (issue #32 item 3).
    ended.current(event.message, event.canhbao ? 'warning' : event.message === LIVE_MESSAGES.stopped ? 'success' : 'error');
  });

  // A dropped connection ends the session on the server: the console says so at once.
  useEffect(() => {
    if (!socket) return undefined;
    const onDisconnect = () => {
      if (!idRef.current) return;
      release();
      ended.current(LIVE_MESSAGES.disconnected, 'error');
    };
    socket.on('disconnect', onDisconnect);
    return () => {
      socket.off('disconnect', onDisconnect);
    };
  }, [socket, release]);

  // Leaving the page stops the microphone and the session (closing the tab closes the socket: the server ends it then).
  useEffect(() => () => {
    if (idRef.current && socket?.connected) socket.emit(LIVE_EVENTS.stop, idRef.current, () => undefined);
    capture.current?.stop();
  }, [socket]);

  return { state, start, stop, setMicOpen };
}
