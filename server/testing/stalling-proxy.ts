// Test support: a TCP proxy in front of a service that a test can make go silent, as a network partition does (as
// opposed to CuttableProxy's clean cut, which clients notice at once through resets and refused connections).
// stall(): connections stay open but nothing passes either way, and new connections are accepted and never answered;
// resume(): what was held back flows on (TCP would have retransmitted it) and held connections reach the service.
import net from "node:net";

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** bytes held back while stalled, per direction */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export class StallingProxy {
  private server: net.Server | null = null;
  private readonly pairs = new Set<Pair>();
  private stalled = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  static forUrl(url: string, defaultPort: number): StallingProxy {
    const parsed = new URL(url);
    return new StallingProxy({ host: parsed.hostname, port: Number(parsed.port || defaultPort) });
  }

  /** `url` with its host and port replaced by the proxy's */
  through(url: string): string {
    const parsed = new URL(url);
    parsed.host = `127.0.0.1:${this.port}`;
    return parsed.toString();
  }

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const pair: Pair = { client, upstream: null, toUpstream: [], toClient: [] };
      this.pairs.add(pair);
      client.on("error", () => {});
      client.on("data", (chunk: Buffer) => {
        if (this.stalled || !pair.upstream) pair.toUpstream.push(chunk);
        else pair.upstream.write(chunk);
      });
      client.on("close", () => {
        pair.upstream?.destroy();
        this.pairs.delete(pair);
      });
      if (!this.stalled) this.connectUpstream(pair);
    });
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** silence: nothing passes, new connections hang */
  stall(): void {
    this.stalled = true;
  }

  /** the partition heals: held bytes are delivered, held connections go through */
  resume(): void {
    this.stalled = false;
    for (const pair of this.pairs) {
      if (!pair.upstream) this.connectUpstream(pair);
      else this.flush(pair);
    }
  }

  /** closes everything (end of test) */
  async close(): Promise<void> {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    this.pairs.clear();
    const server = this.server;
    this.server = null;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  private connectUpstream(pair: Pair): void {
    const upstream = net.connect(this.target);
    pair.upstream = upstream;
    upstream.on("error", () => {});
    upstream.on("data", (chunk: Buffer) => {
      if (this.stalled) pair.toClient.push(chunk);
      else pair.client.write(chunk);
    });
    upstream.on("close", () => pair.client.destroy());
    this.flush(pair);
  }

  private flush(pair: Pair): void {
    for (const chunk of pair.toUpstream.splice(0)) pair.upstream!.write(chunk);
    for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
  }
}
