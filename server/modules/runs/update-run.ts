// Edits a run: its date (still one run per route and date), its own times, vehicle, driver and notice. Undefined
// fields stay as they are; null or "" gives the day back to the route's value. The status has its own calls
// (cancel-run.ts, restore-run.ts). The route's tracking links follow a change to today's run at once.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { isUniqueViolation, parseInput } from "../parse-input";
import { ensureAssignment } from "../routes/route-assignment";
import { ensureTimeOrder } from "../routes/time-order";
import { refreshRouteLinks } from "../tracking-links/refresh-route-links";
import { runDateTaken, type RunDto, runNotFound, runSelect, toRunDto, type UpdateRunInput, ZUpdateRun } from "./runs.schema";

export async function updateRun(input: UpdateRunInput): Promise<RunDto> {
  const { accountId, runId, date, startTime, endTime, ...fields } = parseInput(ZUpdateRun, input);
  let routeNumber = "";
  let saved: RunDto;
  try {
    saved = await db().$transaction(async (tx) => {
      const run = await tx.run.findFirst({
        where: { id: runId, accountId },
        select: { routeId: true, date: true, startMinute: true, endMinute: true, route: { select: { routeNumber: true, startMinute: true, endMinute: true } } },
      });
      if (!run) throw runNotFound(runId);
      routeNumber = run.route.routeNumber;
      const start = startTime === undefined ? run.startMinute : startTime;
      const end = endTime === undefined ? run.endMinute : endTime;
      ensureTimeOrder(start ?? run.route.startMinute, end ?? run.route.endMinute);
      await ensureAssignment(tx, accountId, fields);
      if (date !== undefined && date !== run.date) {
        const taken = await tx.run.findUnique({ where: { routeId_date: { routeId: run.routeId, date } }, select: { id: true } });
        if (taken) throw runDateTaken(routeNumber, date);
      }
      const data = {
        ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        ...(date !== undefined && { date }),
        ...(startTime !== undefined && { startMinute: startTime }),
        ...(endTime !== undefined && { endMinute: endTime }),
      };
      return toRunDto(await tx.run.update({ where: { id: runId }, data, select: runSelect }));
    });
  } catch (error) {
    if (date !== undefined && isUniqueViolation(error)) throw runDateTaken(routeNumber, date);
    throw error;
  }
  await refreshRouteLinks(saved.route_id);
  await announce("runs.changed", { accountId }); // run-progress trackers read the account's runs again
  return saved;
}
