// Who may read /metrics (operations.md "METRICS_TOKEN"): a client on this machine always; any other client only with
// `Authorization: Bearer <METRICS_TOKEN>` when the variable is set. Without it, others get 403 (nothing they could
// send would help); with it, a missing or wrong token gets 401 with WWW-Authenticate.
// "On this machine" is the socket's address, never a header alone: without TRUST_PROXY the X-Forwarded-For a client
// sends is not believed at all, and with TRUST_PROXY a request that came through the proxy is the proxy's client's
// (the right-most entry the proxy appended), so a reverse proxy on the same host does not make the internet local.
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { clientIpFromHeader } from "./request-input";

export type MetricsAccess =
  | { allowed: true }
  | { allowed: false; status: 401 | 403; body: { message: string; code: string }; headers: Record<string, string> };

export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1";
}

/** compares digests, so neither the token's length nor its bytes leak through timing */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

export function metricsAccess(request: IncomingMessage, options: { token?: string; trustProxy: boolean }): MetricsAccess {
  const socketAddress = request.socket.remoteAddress;
  const forwarded = options.trustProxy ? clientIpFromHeader(request.headers["x-forwarded-for"]) : null;
  const local = isLoopbackAddress(socketAddress) && (forwarded === null || isLoopbackAddress(forwarded));
  if (local) return { allowed: true };
  if (!options.token) {
    return {
      allowed: false,
      status: 403,
      headers: {},
      body: {
        message: "Metrics are served to clients on this machine only. Set METRICS_TOKEN to let others read them with a bearer token.",
        code: "FORBIDDEN",
      },
    };
  }
  const given = bearerToken(request.headers.authorization);
  if (given !== null && sameToken(given, options.token)) return { allowed: true };
  return {
    allowed: false,
    status: 401,
    headers: { "www-authenticate": 'Bearer realm="metrics"' },
    body: { message: "Metrics need the header Authorization: Bearer <METRICS_TOKEN>.", code: "UNAUTHENTICATED" },
  };
}
