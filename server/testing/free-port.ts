// A port free on 127.0.0.1 right now (TCP and UDP both), for a listener a test or benchmark starts next (for the
// tracker listeners and server processes, where port 0 means "disabled" or the port must be known before the
// process starts).
//
// Why not the port the OS gives `listen(0)`: that comes from the ephemeral range, which the OS keeps handing out, to
// other tests' `listen(0)` and to every outgoing connection (PostgreSQL, Redis, HTTP clients), in the moment between
// the probe closing and the listener binding; under a parallel suite that race lost (EADDRINUSE). Ports below the
// ephemeral range are only ever taken by someone asking for them by number, so a random one there that binds now
// stays free until the test binds it. A port is handed out once per process.
import dgram from "node:dgram";
import net from "node:net";

/** below Linux's default ephemeral range (32768-60999) and above the well-known and registered services in use here */
const FIRST = 20_000;
const LAST = 32_767;
const ATTEMPTS = 50;

const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST + 1));
    if (handedOut.has(port)) continue;
    if ((await tcpFree(port)) && (await udpFree(port))) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port found between ${FIRST} and ${LAST} after ${ATTEMPTS} attempts`);
}

function tcpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

function udpFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = dgram.createSocket("udp4");
    probe.unref();
    probe.once("error", () => {
      try {
        probe.close();
      } catch {
        // never bound: nothing to close
      }
      resolve(false);
    });
    probe.bind(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
