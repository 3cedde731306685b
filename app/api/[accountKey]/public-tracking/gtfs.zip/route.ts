// GET /api/{account_key}/public-tracking/gtfs.zip: the account's routes and runs as a static GTFS feed, from yesterday
// to 92 days ahead (docs/gtfs.md); the ETag is the feed's feed_version, so a consumer polling with If-None-Match gets
// 304 until the timetable changes. An API key of an admin, fleet manager or office staff, or an OAuth token with
// routes:read; 30 calls a minute per key or client (the feed is made afresh on each call).
import { env } from "@/server/env";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { requestOrigin } from "@/server/http/request-origin";
import { withApiKeyOrToken } from "@/server/http/with-api-key-or-token";
import { exportGtfsStatic } from "@/server/modules/gtfs/export-gtfs-static";

export const dynamic = "force-dynamic";

const GTFS_STATIC_RATE_LIMIT = { name: "gtfs-static", points: 30, duration: 60 };

export const GET = withApiKeyOrToken<{ accountKey: string }>({ scope: "routes:read", rateLimit: GTFS_STATIC_RATE_LIMIT }, async ({ request, account }) => {
  const feed = await exportGtfsStatic({ accountId: account.id, publisherUrl: requestOrigin(request, env()) });
  const etag = `"${feed.version}"`;
  const headers = { etag, "cache-control": "private, no-cache" };
  if (request.headers.get("if-none-match")?.split(",").some((tag) => tag.trim() === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(new Uint8Array(feed.zip), {
    headers: { ...headers, "content-type": "application/zip", "content-disposition": `attachment; filename="gtfs-${account.key}.zip"` },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
