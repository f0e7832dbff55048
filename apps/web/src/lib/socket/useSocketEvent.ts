import { useContext, useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@loa/contract';
import { SocketContext } from './SocketProvider';
import type { LoaSocket } from './createSocket';

type EventName = keyof ServerToClientEvents;

/** The current socket, or null when logged out. */
export function useSocket(): LoaSocket | null {
  return useContext(SocketContext);
}

/** Subscribes to a server event for the component's lifetime; the latest handler is always called. */
export function useSocketEvent<E extends EventName>(event: E, handler: ServerToClientEvents[E]): void {
  const socket = useSocket();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!socket) return undefined;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) => (latest.current as (...a: typeof args) => void)(...args)) as ServerToClientEvents[E];
    // socket.io's typed overloads cannot follow a generic event name; the map above keeps callers typed.
    const untyped = socket as unknown as { on: (e: string, l: unknown) => void; off: (e: string, l: unknown) => void };
    untyped.on(event, listener);
    return () => untyped.off(event, listener);
  }, [socket, event]);
}
