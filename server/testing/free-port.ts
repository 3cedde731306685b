// A TCP port free on 127.0.0.1 right now, for a listener a test or benchmark starts next (for the Teltonika listener
// and server processes, where port 0 means "disabled" or the port must be known before the process starts).
import net from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
