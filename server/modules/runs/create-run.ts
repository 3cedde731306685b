// Adds a route's run for one date. A route has one run per date (the import updates it in place), so a second run
// on the same date is RUN_DATE_TAKEN (409) under the date. Times the run leaves empty are the route's, and the two
// that apply must be in order. A run for today moves the route's tracking links onto its vehicle at once.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { isUniqueViolation, parseInput } from "../parse-input";
import { ensureAssignment } from "../routes/route-assignment";
import { routeNotFound } from "../routes/routes.schema";
import { ensureTimeOrder } from "../routes/time-order";
import { refreshRouteLinks } from "../tracking-links/refresh-route-links";
import { type CreateRunInput, runDateTaken, type RunDto, runSelect, toRunDto, ZCreateRun } from "./runs.schema";

export async function createRun(input: CreateRunInput): Promise<RunDto> {
  const run = parseInput(ZCreateRun, input);
  const { accountId, routeId, date } = run;
  let routeNumber = "";
  let saved: RunDto;
  try {
    saved = await db().$transaction(async (tx) => {
      const route = await tx.route.findFirst({ where: { id: routeId, accountId }, select: { routeNumber: true, startMinute: true, endMinute: true } });
      if (!route) throw routeNotFound(routeId);
      routeNumber = route.routeNumber;
      ensureTimeOrder(run.startTime ?? route.startMinute, run.endTime ?? route.endMinute);
      await ensureAssignment(tx, accountId, run);
      if (await tx.run.findUnique({ where: { routeId_date: { routeId, date } }, select: { id: true } })) throw runDateTaken(routeNumber, date);
      const row = await tx.run.create({
        data: {
          accountId,
          routeId,
          date,
          startMinute: run.startTime ?? null,
          endMinute: run.endTime ?? null,
          assetId: run.assetId ?? null,
          driverId: run.driverId ?? null,
          notice: run.notice ?? null,
        },
        select: runSelect,
      });
      return toRunDto(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw runDateTaken(routeNumber, date); // lost a race for the same date
    throw error;
  }
  await refreshRouteLinks(routeId);
  await announce("runs.changed", { accountId: input.accountId }); // run-progress trackers read the account's runs again
  return saved;
}
