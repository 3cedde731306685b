// One imported run in full (GET /api/{account_key}/public-tracking/runs/{id}): the run's day exactly as the route's
// occurrences list it (a run's empty times, vehicle and driver are the route's), with its route, and a progress even
// before the vehicle reported (every stop pending with its planned time), so an integrator reads the stops' planned
// times, states, ETAs and actual times from one call. Another account's run is RUN_NOT_FOUND, like a missing one.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { listRouteOccurrences } from "./list-route-occurrences";
import type { RunInFull } from "./routes.schema";

export async function getRunInFull(input: { accountId: number; runId: number }, now = Date.now()): Promise<RunInFull> {
  const run = await db().run.findFirst({
    where: { id: input.runId, accountId: input.accountId },
    select: { id: true, date: true, route: { select: { id: true, routeNumber: true, name: true } } },
  });
  if (!run) throw new AppError("RUN_NOT_FOUND", `run ${input.runId} not found`);
  const list = await listRouteOccurrences({ accountId: input.accountId, routeId: run.route.id, query: { from: run.date, to: run.date }, progressAlways: true }, now);
  const day = list.data.find((entry) => entry.run_id === run.id);
  // the run row was read a moment ago; deleted in between, it is gone
  if (!day || !day.progress) throw new AppError("RUN_NOT_FOUND", `run ${input.runId} not found`);
  return {
    id: run.id,
    route: { id: run.route.id, route_number: run.route.routeNumber, name: run.route.name },
    date: day.date,
    status: day.status,
    start_time: day.start_time,
    end_time: day.end_time,
    vehicle: day.vehicle,
    driver: day.driver,
    notice: day.notice,
    progress: day.progress,
    time_zone: list.time_zone,
  };
}
