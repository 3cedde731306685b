// Test support: the public tracking REST routes (info, verify, location, access requests, form, run, opt-out,
// approach alert, /broadcasting/auth), the account's public-tracking API (send-welcome, rotate-link, route
// occurrences, a run in full) and its tracking-link management (/api/{account_key}/tracking-links) served by their
// real route handlers on a server started without Next.js (test nodes, benchmarks), where Next's router would
// otherwise answer. Only the routing is replaced; every handler, wrapper and use case is the production code.
import type { IncomingMessage, ServerResponse } from "node:http";
import * as channelAuth from "../../app/broadcasting/auth/route";
import * as accessRequests from "../../app/api/public/tracking/[uuid]/access-requests/route";
import * as form from "../../app/api/public/tracking/[uuid]/form/route";
import * as info from "../../app/api/public/tracking/[uuid]/info/route";
import * as location from "../../app/api/public/tracking/[uuid]/location/route";
import * as verify from "../../app/api/public/tracking/[uuid]/verify/route";
import * as optOut from "../../app/api/public/tracking/[uuid]/opt-out/route";
import * as approachAlert from "../../app/api/public/tracking/[uuid]/approach-alert/route";
import * as run from "../../app/api/public/tracking/[uuid]/run/route";
import * as sendWelcome from "../../app/api/[accountKey]/public-tracking/passengers/send-welcome/route";
import * as rotateLink from "../../app/api/[accountKey]/public-tracking/passengers/[passengerId]/rotate-link/route";
import * as occurrences from "../../app/api/[accountKey]/public-tracking/routes/[routeId]/occurrences/route";
import * as runInFull from "../../app/api/[accountKey]/public-tracking/runs/[runId]/route";
import * as trackingLinks from "../../app/api/[accountKey]/tracking-links/route";
// the transit feeds (docs/gtfs.md)
import * as gtfsRealtime from "../../app/api/[accountKey]/public-tracking/gtfs-realtime/route";
import * as gtfsStatic from "../../app/api/[accountKey]/public-tracking/gtfs.zip/route";
import * as trackingLink from "../../app/api/[accountKey]/tracking-links/[uuid]/route";
import { sendFetchResponse, toFetchRequest } from "./fetch-bridge";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>>;

const ROUTES: Array<{ pattern: RegExp; module: RouteModule }> = [
  { pattern: /^\/api\/public\/tracking\/(?<uuid>[^/]+)\/info$/, module: info as unknown as RouteModule },
  { pattern: /^\/api\/public\/tracking\/(?<uuid>[^/]+)\/verify$/, module: verify as unknown as RouteModule },
  { pattern: /^\/api\/public\/tracking\/(?<uuid>[^/]+)\/location$/, module: location as unknown as RouteModule },
  { pattern: /^\/api\/public\/tracking\/(?<uuid>[^/]+)\/access-requests$/, module: accessRequests as unknown as RouteModule },
  { pattern: /^\/api\/public\/tracking\/(?<uuid>[^/]+)\/form$/, module: form as unknown as RouteModule },
  { pattern: /^\/api\/public\/tracking\/(?<uuid>[^/]+)\/run$/, module: run as unknown as RouteModule },
  { pattern: /^\/api\/public\/tracking\/(?<uuid>[^/]+)\/opt-out$/, module: optOut as unknown as RouteModule },
  { pattern: /^\/api\/public\/tracking\/(?<uuid>[^/]+)\/approach-alert$/, module: approachAlert as unknown as RouteModule },
  { pattern: /^\/broadcasting\/auth$/, module: channelAuth as unknown as RouteModule },
  { pattern: /^\/api\/(?<accountKey>[^/]+)\/public-tracking\/passengers\/send-welcome$/, module: sendWelcome as unknown as RouteModule },
  { pattern: /^\/api\/(?<accountKey>[^/]+)\/public-tracking\/passengers\/(?<passengerId>[^/]+)\/rotate-link$/, module: rotateLink as unknown as RouteModule },
  { pattern: /^\/api\/(?<accountKey>[^/]+)\/public-tracking\/routes\/(?<routeId>[^/]+)\/occurrences$/, module: occurrences as unknown as RouteModule },
  { pattern: /^\/api\/(?<accountKey>[^/]+)\/public-tracking\/runs\/(?<runId>[^/]+)$/, module: runInFull as unknown as RouteModule },
  { pattern: /^\/api\/(?<accountKey>[^/]+)\/tracking-links$/, module: trackingLinks as unknown as RouteModule },
  // the transit feeds (docs/gtfs.md)
  { pattern: /^\/api\/(?<accountKey>[^/]+)\/public-tracking\/gtfs-realtime$/, module: gtfsRealtime as unknown as RouteModule },
  { pattern: /^\/api\/(?<accountKey>[^/]+)\/public-tracking\/gtfs\.zip$/, module: gtfsStatic as unknown as RouteModule },
  { pattern: /^\/api\/(?<accountKey>[^/]+)\/tracking-links\/(?<uuid>[^/]+)$/, module: trackingLink as unknown as RouteModule },
];

/** serves a request when it is one of the public tracking routes; answers 404 otherwise */
export async function servePublicTrackingRoutes(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const pathname = (request.url ?? "/").split("?")[0]!;
  for (const route of ROUTES) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const handler = route.module[(request.method ?? "GET") as keyof RouteModule];
    if (!handler) break;
    const params = Promise.resolve({ ...match.groups } as Record<string, string>);
    return sendFetchResponse(await handler(await toFetchRequest(request), { params }), response);
  }
  response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not found." }));
}
