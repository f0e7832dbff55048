import { createContext, useEffect, useMemo, type ReactNode } from 'react';
import { createSocket, type LoaSocket, type SocketFactory } from './createSocket';

export const SocketContext = createContext<LoaSocket | null>(null);

/** Keeps one socket open while a user is logged in; closes it on logout. */
export function SocketProvider({ userID, factory = createSocket, children }: { userID: string | null; factory?: SocketFactory; children: ReactNode }) {
  // Created unconnected during render; connected and closed by the effect (safe under StrictMode).
  const socket = useMemo(() => (userID ? factory(userID) : null), [userID, factory]);
  useEffect(() => {
    if (!socket) return undefined;
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, [socket]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
