import { createContext, useEffect, useState, type ReactNode } from 'react';
import { createSocket, type LoaSocket, type SocketFactory } from './createSocket';

export const SocketContext = createContext<LoaSocket | null>(null);

/** Keeps one socket open while a user is logged in; closes it on logout. */
export function SocketProvider({ userID, factory = createSocket, children }: { userID: string | null; factory?: SocketFactory; children: ReactNode }) {
  const [socket, setSocket] = useState<LoaSocket | null>(null);
  useEffect(() => {
    if (!userID) return undefined;
    const next = factory(userID);
    setSocket(next);
    return () => {
      next.disconnect();
      setSocket(null);
    };
  }, [userID, factory]);
  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
