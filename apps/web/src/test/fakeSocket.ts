import { act, waitFor } from '@testing-library/react';
import type { LoaSocket } from '../lib/socket/createSocket';

/**
 * A socket stand-in: records listeners and lets a test emit server events. With `acks` it is
 * connected and answers the console's acknowledged events (`socket.timeout(ms).emitWithAck`) with them.
 */
export function fakeSocket(acks?: Record<string, (...args: unknown[]) => unknown>) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const sent: { event: string; args: unknown[] }[] = [];
  const socket = {
    connected: acks !== undefined,
    emit(event: string, ...args: unknown[]) {
      sent.push({ event, args });
      return socket;
    },
    timeout: () => ({
      emitWithAck: async (event: string, ...args: unknown[]) => {
        sent.push({ event, args });
        const answer = acks?.[event];
        if (!answer) throw new Error(`no answer for ${event}`);
        return answer(...args);
      },
    }),
    on(event: string, listener: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
      return socket;
    },
    off(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener);
      return socket;
    },
    connect: () => socket,
    disconnect: () => socket,
  };
  const opened: string[] = [];
  return {
    factory: (userID: string) => {
      opened.push(userID);
      return socket as unknown as LoaSocket;
    },
    opened,
    /** What the console sent (emit and emitWithAck), in order. */
    sent,
    emit: (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((listener) => listener(...args)),
    /** Emits, then lets the server-state cache tell its readers (it batches on the next macrotask) inside act(). */
    emitSettled: (event: string, ...args: unknown[]) => act(async () => {
      listeners.get(event)?.forEach((listener) => listener(...args));
      await new Promise((resolve) => setTimeout(resolve, 0));
    }),
    /**
     * Waits until something listens for `event`, then emits it inside act(): listeners attach in
     * effects, which may run after the screen a test waited for is already shown.
     */
    emitWhenHeard: async (event: string, ...args: unknown[]) => {
      await waitFor(() => {
        if (!listeners.get(event)?.size) throw new Error(`nothing listens for ${event} yet`);
      });
      act(() => listeners.get(event)?.forEach((listener) => listener(...args)));
    },
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
  };
}
