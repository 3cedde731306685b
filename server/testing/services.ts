// Which external services the tests can use. PostgreSQL and Redis suites run when the servers answer; with
// FLEETLINE_REQUIRE_SERVICES=1 (set by .ci/run) an unreachable server fails the run instead of skipping suites.
import net from "node:net";

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export function servicesRequired(): boolean {
  return process.env.FLEETLINE_REQUIRE_SERVICES === "1";
}

/** true when something accepts TCP connections at the URL's host and port within the timeout */
export function reachable(url: string, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}
