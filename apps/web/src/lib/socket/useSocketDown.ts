import { useEffect, useState } from 'react';
import type { LoaSocket } from './createSocket';
import { useSocket } from './useSocketEvent';

/**
 * Whether the real-time connection is lost: true from a disconnect or a failed (re)connection
 * until the socket connects again; false before the first attempt, so a page load shows no banner.
 */
export function useSocketDown(): boolean {
  const socket = useSocket();
  const [down, setDown] = useState<{ socket: LoaSocket; down: boolean } | null>(null);
  useEffect(() => {
    if (!socket) return undefined;
    const lost = () => setDown({ socket, down: true });
    const back = () => setDown({ socket, down: false });
    socket.on('disconnect', lost);
    socket.on('connect_error', lost);
    socket.on('connect', back);
    return () => {
      socket.off('disconnect', lost);
      socket.off('connect_error', lost);
      socket.off('connect', back);
    };
  }, [socket]);
  return !!socket && down?.socket === socket && down.down;
}
