import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { EVENTS, type ClientToServerEvents, type DeviceStatusEvent, type ServerToClientEvents } from '@loa/contract';

interface Waiter {
  online: boolean;
  resolve: (at: number) => void;
}

/**
 * A console's Socket.IO connection that watches speakers' live status: answers when the server
 * shows a given device online or offline, timed with `performance.now()`.
 */
export class StatusWatcher {
  private readonly waiters = new Map<string, Waiter>();
  /** Status events received and device entries they carried. */
  events = 0;
  entries = 0;

  private constructor(private readonly socket: Socket<ServerToClientEvents, ClientToServerEvents>) {
    socket.on(EVENTS.deviceStatus, (batch) => this.onBatch(batch));
  }

  /** Connects with the session cookies (the server joins the socket to the areas in scope at connect time). */
  static async connect(baseUrl: string, cookieHeader: string, timeoutMs = 10_000): Promise<StatusWatcher> {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(baseUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie: cookieHeader },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('console socket did not connect')), timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    return new StatusWatcher(socket);
  }

  /**
   * Resolves with the `performance.now()` at which the console is told that `id` is `online`
   * (or null after `timeoutMs`). Register before causing the change.
   */
  waitFor(id: string, online: boolean, timeoutMs: number): Promise<number | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        resolve(null);
      }, timeoutMs);
      this.waiters.set(id, {
        online,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      });
    });
  }

  close(): void {
    this.socket.close();
  }

  private onBatch(batch: DeviceStatusEvent): void {
    const at = performance.now();
    this.events += 1;
    this.entries += batch.length;
    for (const { _id, trangthai } of batch) {
      const waiter = this.waiters.get(_id);
      if (waiter && waiter.online === trangthai.online) {
        this.waiters.delete(_id);
        waiter.resolve(at);
      }
    }
  }
}
