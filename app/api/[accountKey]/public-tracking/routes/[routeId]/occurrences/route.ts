// GET /api/{account_key}/public-tracking/routes/{id}/occurrences?from=YYYY-MM-DD&to=YYYY-MM-DD: the route's runs, one
// entry per day it runs (imported runs and the days its weekly schedule implies; docs/passengers.md). API key of an
// admin, fleet manager or office staff; another account's route is 404.
import { AppError } from "@/server/errors";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { withApiKey } from "@/server/http/with-api-key";
import { listRouteOccurrences } from "@/server/modules/routes/list-route-occurrences";

export const dynamic = "force-dynamic";

export const GET = withApiKey<{ accountKey: string; routeId: string }>({}, async ({ request, account, params }) => {
  const routeId = /^\d{1,9}$/.test(params.routeId) ? Number(params.routeId) : 0;
  if (routeId === 0) throw new AppError("ROUTE_NOT_FOUND", `route ${params.routeId} not found`);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return Response.json(await listRouteOccurrences({ accountId: account.id, routeId, query }));
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
