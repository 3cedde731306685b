// GET /map/style.json: this server's street style over MAP_PMTILES (server/modules/maps/self-hosted-style.ts), with
// the extract's address on the origin the browser used. 404 when no extract is configured.
import { env } from "@/server/env";
import { requestOrigin } from "@/server/http/request-origin";
import { selfHostedStyle } from "@/server/modules/maps/self-hosted-style";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  const config = env();
  if (!config.MAP_PMTILES) return new Response("Not found.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return Response.json(selfHostedStyle(requestOrigin(request, config)), {
    // the body depends on the host asked for: revalidate rather than share one answer between names
    headers: { "cache-control": "no-cache", vary: "host, x-forwarded-host, x-forwarded-proto" },
  });
}
