import { createContext, startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { LoaSocket, SocketFactory } from './createSocket';

export const SocketContext = createContext<LoaSocket | null>(null);

/** The real socket's factory, once loaded: socket.io's client comes with the first signed-in screen, not the first load. */
let loadedFactory: SocketFactory | null = null;
const loadFactory = (): Promise<SocketFactory> =>
  import('./createSocket').then((m) => {
    loadedFactory = m.createSocket;
    return m.createSocket;
  });

/** Keeps one socket open while a user is logged in; closes it on logout. `factory` replaces the real one (tests). */
export function SocketProvider({ userID, factory, children }: { userID: string | null; factory?: SocketFactory; children: ReactNode }) {
  const [real, setReal] = useState<SocketFactory | null>(() => loadedFactory);
  const make = factory ?? real;
  useEffect(() => {
    if (make || !userID) return undefined;
    let live = true;
    // A transition: the socket's arrival re-renders every consumer in the shell, in slices rather than one long task.
    void loadFactory().then((f) => {
      if (live) startTransition(() => setReal(() => f));
    });
    return () => {
      live = false;
    };
  }, [make, userID]);
  // Created unconnected during render; connected and closed by the effect (safe under StrictMode).
  const socket = useMemo(() => (userID && make ? make(userID) : null), [userID, make]);
  useEffect(() => {
    if (!socket) return undefined;
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, [socket]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
