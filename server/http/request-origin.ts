// The origin a browser used to reach this server, for documents that must name this server absolutely (a MapLibre
// style's sources are fetched by a web worker, which resolves nothing against the page). Forwarded headers count only
// with TRUST_PROXY, as for client addresses; PUBLIC_URL wins when it names the same host, so a TLS proxy that sends no
// X-Forwarded-Proto still yields https.
import type { Env } from "../env";

/** a host name or address with an optional port; anything else in a Host header is ignored */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;
const PROTOCOLS = new Set(["http", "https"]);

/** the first value of a header that proxies may have appended to */
function firstValue(request: Request, name: string): string | null {
  return request.headers.get(name)?.split(",")[0]?.trim() || null;
}

export function requestOrigin(request: Request, config: Pick<Env, "PUBLIC_URL" | "TRUST_PROXY">): string {
  const publicUrl = new URL(config.PUBLIC_URL);
  const host = (config.TRUST_PROXY && firstValue(request, "x-forwarded-host")) || request.headers.get("host");
  if (!host || !HOST.test(host)) return publicUrl.origin;
  if (host.toLowerCase() === publicUrl.host) return publicUrl.origin;
  const forwarded = config.TRUST_PROXY ? firstValue(request, "x-forwarded-proto")?.toLowerCase() : undefined;
  const protocol = forwarded && PROTOCOLS.has(forwarded) ? forwarded : "http";
  return `${protocol}://${host.toLowerCase()}`;
}
