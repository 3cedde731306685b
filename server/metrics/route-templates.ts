// The route template of a request path, for the request metrics' `route` label: /api/v1/acme/imports/17 counts as
// /api/v1/[accountKey]/imports/[jobId], so the label has one value per route handler file (route.ts) in app/, never
// one per account or id. Matched as Next.js matches: a static segment before a dynamic one, a dynamic one before a
// catch-all. A path no route file serves is "unmatched" (a page, or a 404).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

export const UNMATCHED_ROUTE = "unmatched";

interface Node {
  statics: Map<string, Node>;
  dynamic: Node | null;
  /** [...x] (one or more segments) */
  catchAll: string | null;
  /** [[...x]] (zero or more segments) */
  optionalCatchAll: string | null;
  /** the template when a route file sits here */
  route: string | null;
}

const ROUTE_FILE = /^route\.(ts|js|mjs|tsx)$/;

const node = (): Node => ({ statics: new Map(), dynamic: null, catchAll: null, optionalCatchAll: null, route: null });

/** Builds the matcher from the route files under `appDir` (app/); a missing directory matches nothing. */
export function routeMatcher(appDir: string): (pathname: string) => string {
  const root = node();
  if (existsSync(appDir)) addRoutes(root, appDir, []);
  return (pathname) => {
    const segments = pathname.split("/").filter(Boolean);
    return match(root, segments, 0) ?? UNMATCHED_ROUTE;
  };
}

function addRoutes(root: Node, dir: string, segments: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && ROUTE_FILE.test(entry.name)) place(root, segments);
    if (entry.isDirectory()) addRoutes(root, path.join(dir, entry.name), [...segments, entry.name]);
  }
}

function place(root: Node, segments: string[]): void {
  // route groups "(name)" and private folders "_name" are not part of the URL
  const urlSegments = segments.filter((segment) => !/^\(.*\)$/.test(segment));
  if (urlSegments.some((segment) => segment.startsWith("_"))) return;
  const template = `/${urlSegments.join("/")}`;
  let at = root;
  for (const segment of urlSegments) {
    if (segment.startsWith("[[...")) return void (at.optionalCatchAll = template);
    if (segment.startsWith("[...")) return void (at.catchAll = template);
    if (segment.startsWith("[")) at = at.dynamic ??= node();
    else {
      let next = at.statics.get(segment);
      if (!next) at.statics.set(segment, (next = node()));
      at = next;
    }
  }
  at.route = template;
}

function match(at: Node, segments: string[], index: number): string | null {
  if (index === segments.length) return at.route ?? at.optionalCatchAll;
  const segment = segments[index]!;
  const viaStatic = at.statics.get(segment);
  const found = (viaStatic && match(viaStatic, segments, index + 1)) ?? (at.dynamic && match(at.dynamic, segments, index + 1));
  return found || at.catchAll || at.optionalCatchAll || null;
}
