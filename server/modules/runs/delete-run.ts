import { announce } from "../../announce";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { refreshRouteLinks } from "../tracking-links/refresh-route-links";
import { runNotFound, ZRunRef } from "./runs.schema";

/** Deletes a run: the route runs that day as the route says (cancel it instead to keep it listed as cancelled), and
 * its tracking links follow the route's own vehicle again when the run was today's. */
export async function deleteRun(input: { accountId: number; runId: number }): Promise<{ id: number }> {
  const { accountId, runId } = parseInput(ZRunRef, input);
  const run = await db().run.findFirst({ where: { id: runId, accountId }, select: { routeId: true } });
  if (!run) throw runNotFound(runId);
  const { count } = await db().run.deleteMany({ where: { id: runId, accountId } });
  if (count === 0) throw runNotFound(runId); // deleted meanwhile
  await refreshRouteLinks(run.routeId);
  await announce("runs.changed", { accountId }); // run-progress trackers read the account's runs again
  return { id: runId };
}
