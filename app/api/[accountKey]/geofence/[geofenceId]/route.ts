// /api/{account_key}/geofence/{id}: one geofence. GET reads it, PUT replaces it, DELETE removes it (204); a geofence
// an alert rule watches cannot be deleted (409 GEOFENCE_IN_USE).
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { idParam, readJson } from "@/server/http/request-input";
import { withApiAuth } from "@/server/http/with-api-auth";
import { deleteGeofence } from "@/server/modules/geofences/delete-geofence";
import { getGeofence } from "@/server/modules/geofences/get-geofence";
import { updateGeofence } from "@/server/modules/geofences/update-geofence";

export const dynamic = "force-dynamic";

type Params = { accountKey: string; geofenceId: string };

export const GET = withApiAuth<Params>({ scope: "alerts:read" }, async ({ params, account }) => ({
  data: await getGeofence({ accountId: account.id, geofenceId: idParam(params.geofenceId, "GEOFENCE_NOT_FOUND") }),
}));

export const PUT = withApiAuth<Params>({ scope: "alerts:write" }, async ({ request, params, account }) => {
  const geofenceId = idParam(params.geofenceId, "GEOFENCE_NOT_FOUND");
  return { data: await updateGeofence({ accountId: account.id, geofenceId, body: await readJson(request, z.unknown()) }) };
});

export const DELETE = withApiAuth<Params>({ scope: "alerts:write" }, async ({ params, account }) => {
  await deleteGeofence({ accountId: account.id, geofenceId: idParam(params.geofenceId, "GEOFENCE_NOT_FOUND") });
  return new Response(null, { status: 204 });
});

export const POST = methodNotAllowed(["GET", "PUT", "DELETE"]);
export const PATCH = POST;
