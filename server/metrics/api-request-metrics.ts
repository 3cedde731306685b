// Counts each API request once it is answered: by method, route template (route-templates.ts) and status, and its
// duration by route. An API request is one a route handler (app/**/route.ts) serves, REST, tRPC, OAuth token and
// sign-in alike, or any other path under /api/ (counted as the route that answers it, "unmatched" for none); pages
// are not counted. Observed by the custom server around Next.js, so no handler has to take part.
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { metrics } from "./registry";
import { routeMatcher, UNMATCHED_ROUTE } from "./route-templates";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const API_PREFIX = "/api/";

let matcher: ((pathname: string) => string) | undefined;

export function countApiRequest(request: IncomingMessage, response: ServerResponse, pathname: string): void {
  const started = performance.now();
  response.once("finish", () => {
    matcher ??= routeMatcher(path.resolve("app"));
    const route = matcher(pathname);
    if (route === UNMATCHED_ROUTE && !pathname.startsWith(API_PREFIX)) return; // a page
    const method = METHODS.has(request.method ?? "") ? request.method! : "OTHER";
    const { httpRequests, httpRequestSeconds } = metrics();
    httpRequests.inc({ method, route, status: String(response.statusCode) });
    httpRequestSeconds.observe({ route }, (performance.now() - started) / 1000);
  });
}
