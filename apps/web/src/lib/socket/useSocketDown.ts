import { useEffect, useState } from 'react';
import type { LoaSocket } from './createSocket';
import { useSocket } from './useSocketEvent';
import { onConnectionChange } from './connectionEvents';

/**
 * Whether the real-time connection is lost: true from a disconnect or a failed (re)connection
 * until the socket connects again; false before the first attempt, so a page load shows no banner.
 */
export function useSocketDown(): boolean {
  const socket = useSocket();
  const [down, setDown] = useState<{ socket: LoaSocket; down: boolean } | null>(null);
  useEffect(() => {
    if (!socket) return undefined;
    return onConnectionChange(socket, () => setDown({ socket, down: true }), () => setDown({ socket, down: false }));
  }, [socket]);
  return !!socket && down?.socket === socket && down.down;
}
