// GET /api/{account_key}/public-tracking/gtfs-realtime: the account's runs in progress as a GTFS-realtime feed
// (protobuf; `?format=json` for a readable view of the same message; docs/gtfs.md). An API key of an admin, fleet
// manager or office staff, or an OAuth token with routes:read.
import { AppError } from "@/server/errors";
import { hubIfCreated } from "@/server/hub";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { withApiKeyOrToken } from "@/server/http/with-api-key-or-token";
import { encodeFeedMessage } from "@/server/modules/gtfs/gtfs-realtime-encode";
import { gtfsRealtimeFeed } from "@/server/modules/gtfs/gtfs-realtime-feed-of-account";
import { runEtaCache } from "@/server/modules/gtfs/run-eta-cache";

export const dynamic = "force-dynamic";

export const GET = withApiKeyOrToken<{ accountKey: string }>({ scope: "routes:read" }, async ({ request, account }) => {
  const format = new URL(request.url).searchParams.get("format") ?? "protobuf";
  if (format !== "protobuf" && format !== "json") {
    throw new AppError("VALIDATION_FAILED", "format: must be protobuf or json", [{ field: "format", message: "must be protobuf or json" }]);
  }
  const hub = hubIfCreated();
  const feed = await gtfsRealtimeFeed({ accountId: account.id, etas: hub ? runEtaCache(hub) : null });
  if (format === "json") return jsonResponse(feed);
  return new Response(new Uint8Array(encodeFeedMessage(feed)), {
    headers: { "content-type": "application/x-protobuf", "cache-control": "no-store" },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
