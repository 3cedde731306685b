// Security headers on every page and API answer of the main HTTP port (dashboard, public tracking pages, REST):
// a Content-Security-Policy that allows what the app really loads and nothing else, no framing by other sites,
// no referrer towards other origins, no MIME sniffing, and HSTS when the public address is https.
// Set by the custom server (server.ts) at run time rather than in next.config.ts, whose headers() are frozen into the
// build: the map hosts depend on MAP_STYLE_URL, which may change without a rebuild. Responses that bring their own
// stricter policy (Swagger UI at /docs) replace this one. Choices are documented in docs/configuration.md
// "Security headers".
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Env } from "../env";
import { mapStyleFor } from "../modules/maps/map-style";

export interface SecurityHeaderOptions {
  /** development: Next.js's dev runtime and hot reload need eval */
  dev: boolean;
  publicUrl: string;
  mapStyleUrl?: string;
  mapPmtiles?: string;
}

export function securityHeaderOptions(config: Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "MAP_STYLE_URL" | "MAP_PMTILES">): SecurityHeaderOptions {
  return { dev: config.NODE_ENV === "development", publicUrl: config.PUBLIC_URL, mapStyleUrl: config.MAP_STYLE_URL, mapPmtiles: config.MAP_PMTILES };
}

/**
 * The origins the browser loads map data from: the remote style's own host (its tiles, glyphs and sprites are on it
 * for the default OpenFreeMap style and for most hosted styles). The bundled and self-hosted styles are on this
 * origin.
 */
export function mapOrigins(options: Pick<SecurityHeaderOptions, "mapStyleUrl" | "mapPmtiles">): string[] {
  const style = mapStyleFor({ MAP_STYLE_URL: options.mapStyleUrl, MAP_PMTILES: options.mapPmtiles });
  return style.kind === "remote" ? [new URL(style.url).origin] : [];
}

/** a Host header that can be named in a policy (anything else is left out rather than quoted into the header) */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The policy. `host` is the request's Host: the public tracking page opens its Pusher WebSocket to the address it
 * was loaded from, and browsers that predate CSP 3 do not count ws:/wss: on that host as 'self'.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions, host?: string): string {
  const maps = mapOrigins(options);
  const sockets = host && PLAIN_HOST.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    // Next.js bootstraps each page with inline scripts; without per-request nonces (statically rendered pages have
    // none) they can only be allowed as a class. No script from another origin runs.
    ["script-src", ["'self'", "'unsafe-inline'", ...(options.dev ? ["'unsafe-eval'"] : [])]],
    // React style attributes, Next's and MapLibre's inline styles
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", ...maps]],
    ["font-src", ["'self'", "data:"]],
    ["connect-src", ["'self'", ...sockets, ...maps]],
    // MapLibre's worker is served from this origin (public/maplibre-gl-worker.mjs); blob: for its fallback
    ["worker-src", ["'self'", "blob:"]],
    ["child-src", ["'self'", "blob:"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    // no page of Fleetline may be framed by another site: the dashboard's admin actions and the passenger page's
    // "not riding today" are clickjacking targets (docs/configuration.md "Security headers")
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** HSTS for half a year when the public address is https (never on plain http, where browsers ignore it anyway) */
const HSTS = "max-age=15552000";

/** Sets the headers on a response about to be answered by Next.js. */
export function applySecurityHeaders(request: IncomingMessage, response: ServerResponse, options: SecurityHeaderOptions): void {
  response.setHeader("Content-Security-Policy", contentSecurityPolicy(options, request.headers.host));
  response.setHeader("X-Frame-Options", "DENY");
  // links leave nothing behind on other sites: public tracking URLs carry their capability in the path
  response.setHeader("Referrer-Policy", "same-origin");
  response.setHeader("X-Content-Type-Options", "nosniff");
  if (options.publicUrl.startsWith("https:")) response.setHeader("Strict-Transport-Security", HSTS);
}
