// POST {integrations_url}/routes/sync: moves a route number onto another vehicle (body {route_number, vehicle}).
import { z } from "zod";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { readJson } from "@/server/http/request-input";
import { withApiKey } from "@/server/http/with-api-key";
import { syncRouteVehicle } from "@/server/modules/imports/sync-route-vehicle";

export const dynamic = "force-dynamic";

export const POST = withApiKey<{ accountKey: string }>({}, async ({ request, account }) =>
  Response.json(await syncRouteVehicle({ accountId: account.id, body: await readJson(request, z.unknown()) })),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
