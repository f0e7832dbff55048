import { io, type Socket } from 'socket.io-client';
import { SOCKET_RECONNECT_ATTEMPTS, SOCKET_RECONNECT_DELAY_MS, type ClientToServerEvents, type ServerToClientEvents } from '@loa/contract';

/** The console's typed socket. */
export type LoaSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (userID: string) => LoaSocket;

/** One same-origin socket, authenticated by the session cookie, passing userID (spec §7); the provider connects it. */
export const createSocket: SocketFactory = (userID) =>
  io({
    path: '/socket.io',
    query: { userID },
    withCredentials: true,
    autoConnect: false,
    reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
  });
