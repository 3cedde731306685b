// GET /api/{account_key}/public-tracking/runs/{id}: one imported run in full: its route, day, plan, vehicle and driver,
// and per stop the planned time, state, ETA and actual times (docs/passengers.md). API key of an admin, fleet manager
// or office staff, as for the route's occurrences; another account's run is 404.
import { AppError } from "@/server/errors";
import { methodNotAllowed } from "@/server/http/method-not-allowed";
import { withApiKey } from "@/server/http/with-api-key";
import { getRunInFull } from "@/server/modules/routes/get-run-in-full";

export const dynamic = "force-dynamic";

export const GET = withApiKey<{ accountKey: string; runId: string }>({}, async ({ account, params }) => {
  const runId = /^\d{1,9}$/.test(params.runId) ? Number(params.runId) : 0;
  if (runId === 0) throw new AppError("RUN_NOT_FOUND", `run ${params.runId} not found`);
  return Response.json({ data: await getRunInFull({ accountId: account.id, runId }) });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
