// Test support: a TCP proxy in front of a service (PostgreSQL, Redis) that a test cuts and restores on the same port,
// to make an outage real without touching the shared service: cut() closes the listener and destroys every
// connection (clients see resets, then refused connections), open() listens again on the same port.
import net from "node:net";

export class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** the proxy's port on 127.0.0.1 (fixed after the first open) */
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** a proxy for the service at `url` (its host and port); `url` with the proxy's address once open */
  static forUrl(url: string, defaultPort: number): CuttableProxy {
    const parsed = new URL(url);
    return new CuttableProxy({ host: parsed.hostname, port: Number(parsed.port || defaultPort) });
  }

  /** `url` with its host and port replaced by the proxy's */
  through(url: string): string {
    const parsed = new URL(url);
    parsed.host = `127.0.0.1:${this.port}`;
    return parsed.toString();
  }

  get isOpen(): boolean {
    return this.server !== null;
  }

  async open(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
