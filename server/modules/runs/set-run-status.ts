// A run's status, scheduled or cancelled, changed by the team (cancel-run.ts, restore-run.ts). Cancelling keeps the
// run with its notice, so passengers can still be told why; restoring schedules it again. The route's tracking
// links follow at once: a cancelled run of today gives them back the route's own vehicle, and a cancelled run being
// followed now is cancelled in its progress at once, announcing run_cancelled, and a restored one is followed again
// from where it was (cancel-followed-runs.ts, restore-followed-runs.ts).
import { announce } from "../../announce";
import { db } from "../../db/client";
import { cancelFollowedRuns } from "../run-progress/cancel-followed-runs";
import { restoreFollowedRuns } from "../run-progress/restore-followed-runs";
import { parseInput } from "../parse-input";
import { refreshRouteLinks } from "../tracking-links/refresh-route-links";
import { type RunDto, runNotFound, runSelect, type RunStatus, toRunDto, ZRunRef } from "./runs.schema";

export async function setRunStatus(input: { accountId: number; runId: number }, status: RunStatus): Promise<RunDto> {
  const { accountId, runId } = parseInput(ZRunRef, input);
  const { count } = await db().run.updateMany({ where: { id: runId, accountId }, data: { status } });
  if (count === 0) throw runNotFound(runId);
  const run = toRunDto(await db().run.findUniqueOrThrow({ where: { id: runId }, select: runSelect }));
  await refreshRouteLinks(run.route_id);
  if (status === "scheduled") await restoreFollowedRuns({ accountId, routeIds: [run.route_id] });
  await announce("runs.changed", { accountId }); // run-progress trackers read the account's runs again
  if (status === "cancelled") await cancelFollowedRuns({ accountId, routeIds: [run.route_id] });
  return run;
}
