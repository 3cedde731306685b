// N18: a reverse proxy on this host in front of a server left at TRUST_PROXY=0 makes every client look local: each
// request arrives from loopback, so /metrics and the ports of /readyz answer the whole internet and every per-IP limit
// (sign-in, tokens, tracking pages) shares one bucket. The server cannot know the proxy is there, but a request from
// loopback that carries X-Forwarded-For says so: the first one is logged as a warning (once per server: the log must
// not grow with traffic). The header itself is still not believed (server.ts replaces it).
import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import { isLoopbackAddress } from "./metrics-access";

export const UNTRUSTED_PROXY_WARNING =
  "a request from this machine carried X-Forwarded-For while TRUST_PROXY=0: if a reverse proxy on this host forwards " +
  "requests here, every client looks local (GET /metrics and the ports in GET /readyz answer everyone, and all clients " +
  "share one bucket of every per-address limit). Set TRUST_PROXY=1 when the proxy is yours and sets X-Forwarded-For " +
  "(docs/configuration.md), or set METRICS_TOKEN and block /metrics at the proxy";

/** returns the check the server runs on each request while TRUST_PROXY is off */
export function untrustedProxyWarning(logger: Logger): (request: IncomingMessage) => void {
  let warned = false;
  return (request) => {
    if (warned || request.headers["x-forwarded-for"] === undefined) return;
    if (!isLoopbackAddress(request.socket.remoteAddress)) return;
    warned = true;
    logger.warn(UNTRUSTED_PROXY_WARNING);
  };
}
