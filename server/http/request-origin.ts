// The origin a browser used to reach this server, for documents that must name this server absolutely (a MapLibre
// style's sources are fetched by a web worker, which resolves nothing against the page), and for refusing requests
// another site's page makes a browser send (crossSiteReason: the dashboard's tRPC mutations). Forwarded headers count
// only with TRUST_PROXY, as for client addresses; PUBLIC_URL wins when it names the same host, so a TLS proxy that
// sends no X-Forwarded-Proto still yields https.
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

/**
 * Why a browser request does not come from this server's own pages (a cross-site request forgery), or null when it
 * does or comes from no browser. Browsers send Origin with every POST; it must be this server's origin: PUBLIC_URL's,
 * or the one the browser used to reach it (the Host, or X-Forwarded-Host behind a trusted proxy: a page of another
 * site cannot make its browser send the target's Host), over https too where the connection looked like http (a
 * TLS proxy without TRUST_PROXY). Without Origin, Sec-Fetch-Site decides ("same-origin", or "none" for what the user
 * started); with neither header the caller is no browser (curl, a script), which carries no victim's cookies.
 */
export function crossSiteReason(request: Request, config: Pick<Env, "PUBLIC_URL" | "TRUST_PROXY">): string | null {
  const origin = request.headers.get("origin");
  const own = new URL(config.PUBLIC_URL).origin;
  if (origin !== null) {
    const used = requestOrigin(request, config);
    const allowed = [own, used, used.replace(/^http:/, "https:")];
    if (allowed.includes(origin.trim().toLowerCase())) return null;
    return `Refused: this request comes from a page of ${origin}, not from this server's own pages (${used}).`;
  }
  const site = request.headers.get("sec-fetch-site");
  if (site === null || site === "same-origin" || site === "none") return null;
  return `Refused: this request comes from another site (Sec-Fetch-Site: ${site}), not from this server's own pages (${own}).`;
}
