import type { LoaSocket } from './createSocket';

/**
 * Follows whether the real-time connection is up: `lost` on a disconnect or a failed (re)connection,
 * `back` when it connects. Answers the unsubscribe (for an effect's cleanup).
 */
export function onConnectionChange(socket: LoaSocket, lost: () => void, back: () => void): () => void {
  socket.on('disconnect', lost);
  socket.on('connect_error', lost);
  socket.on('connect', back);
  return () => {
    socket.off('disconnect', lost);
    socket.off('connect_error', lost);
    socket.off('connect', back);
  };
}
