import net from 'node:net';

/**
 * A TCP relay between a speaker and the server (tests only): `cut()` is an outage (every connection
 * through it dropped, new ones refused at once), `restore()` ends it. `delayMs` holds each chunk that
 * long in each direction (latency; this kernel has no netem), in order. Listens on port 0 of
 * `listenHost` (the network tier's host address of its namespaces).
 */
export class TcpRelay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private down = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }, private readonly delayMs = 0, private readonly listenHost = '127.0.0.1') {}

  get url(): string {
    return `mqtt://${this.listenHost}:${this.port}`;
  }

  /** The relay as an HTTP server's address (for a relay in front of one). */
  get httpUrl(): string {
    return `http://${this.listenHost}:${this.port}`;
  }

  async start(): Promise<this> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, this.listenHost, resolve));
    this.port = (server.address() as net.AddressInfo).port;
    return this;
  }

  /** Drops every connection and refuses new ones until `restore()`. */
  cut(): void {
    this.down = true;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    if (this.down) return void client.destroy();
    const upstream = net.connect(this.target.port, this.target.host);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      this.sockets.add(from);
      from.on('data', (chunk) => {
        if (this.delayMs > 0) setTimeout(() => to.writable && to.write(chunk), this.delayMs);
        else if (to.writable) to.write(chunk);
      });
      from.on('error', () => undefined);
      from.on('close', () => {
        this.sockets.delete(from);
        // What is still held for the delay goes through first (an HTTP answer ends by closing).
        if (this.delayMs > 0 && !this.down) setTimeout(() => to.end(), this.delayMs);
        else to.destroy();
      });
    }
  }
}
