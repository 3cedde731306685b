// /api/{account_key}/geofence: the account's geofences (circles and polygons). GET lists them ({data, next_cursor});
// POST creates one (201, {data}).
import { z } from "zod";
import { jsonResponse } from "@/server/http/api-response";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson, readQuery } from "@/server/http/request-input";
import { ZPageQuery } from "@/server/modules/paging";
import { withApiAuth } from "@/server/http/with-api-auth";
import { createGeofence } from "@/server/modules/geofences/create-geofence";
import { listGeofences } from "@/server/modules/geofences/list-geofences";

export const dynamic = "force-dynamic";

export const GET = withApiAuth<{ accountKey: string }>({ scope: "alerts:read" }, async ({ request, account }) => {
  const { cursor, limit } = readQuery(request, ZPageQuery);
  return listGeofences({ accountId: account.id, cursor, limit });
});

export const POST = withApiAuth<{ accountKey: string }>({ scope: "alerts:write" }, async ({ request, account }) => {
  const geofence = await createGeofence({ accountId: account.id, body: await readJson(request, z.unknown()) });
  return jsonResponse({ data: geofence }, { status: 201, headers: { location: `/api/${account.key}/geofence/${geofence.id}` } });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
