// Runs import: one row per route and date. A run is found by (route, date) and updated, or created; a row for a
// route that has not been imported is left out. A re-sent row is the run as it now stands (what it leaves empty is
// cleared, so the route's value applies again), except its status (below). Times left empty fall back to the route's own when the run is read,
// so a later change of the route's times reaches runs that did not set their own. status is scheduled or
// cancelled; a row without status creates a scheduled run and leaves an existing run's status as it is (re-sending a
// run's notice must not revive a cancelled run; sending status scheduled does). Links of the routes written
// move onto the vehicle they should follow at once (refresh-route-links.ts).
import { announce } from "../../announce";
import { cancelFollowedRuns } from "../run-progress/cancel-followed-runs";
import { restoreFollowedRuns } from "../run-progress/restore-followed-runs";
import { refreshLinksOfRoutes } from "../tracking-links/refresh-route-links";
import type { ImportContext } from "./import-context";
import { isDryRun, type ImportDb } from "./import-database";
import type { ImportOutcome } from "./import-outcome";
import type { RunRow } from "./imports.schema";
import { RowError, take } from "./row-error";
import { cellText, isBlankRow } from "../values/cells";
import { parseClockTime } from "../values/parse-clock-time";
import { parseImportDate } from "../values/parse-import-date";

const STATUSES = ["scheduled", "cancelled"] as const;

function readRun(row: RunRow, rowNumber: number, context: ImportContext) {
  const routeNumber = cellText(row.route_number);
  if (routeNumber === null) throw new RowError(rowNumber, "route_number", "route_number is required");
  const route = context.route(routeNumber);
  if (!route) throw new RowError(rowNumber, "route_number", `route ${routeNumber} has not been imported yet; import the route first`);
  const date = cellText(row.date);
  if (date === null) throw new RowError(rowNumber, "date", "date is required");
  const status = cellText(row.status)?.toLowerCase() ?? null;
  if (status !== null && !(STATUSES as readonly string[]).includes(status)) {
    throw new RowError(rowNumber, "status", `status "${status}" must be scheduled or cancelled`);
  }
  const vehicle = cellText(row.vehicle);
  const driver = cellText(row.driver);
  const start = cellText(row.start_time);
  const end = cellText(row.end_time);
  return {
    routeId: route.id,
    date: take(parseImportDate(date), rowNumber, "date"),
    startMinute: start === null ? null : take(parseClockTime(start, "start_time"), rowNumber, "start_time"),
    endMinute: end === null ? null : take(parseClockTime(end, "end_time"), rowNumber, "end_time"),
    assetId: vehicle === null ? null : take(context.vehicle(vehicle), rowNumber, "vehicle"),
    driverId: driver === null ? null : take(context.driver(driver), rowNumber, "driver"),
    notice: cellText(row.notice),
    status: status as (typeof STATUSES)[number] | null,
  };
}

export async function importRuns(input: { prisma: ImportDb; context: ImportContext; rows: RunRow[]; firstRow: number; outcome: ImportOutcome }) {
  const { prisma, context, rows, outcome } = input;
  const written = new Set<number>();
  const cancelled = new Set<number>();
  const scheduled = new Set<number>();
  for (const [index, row] of rows.entries()) {
    const rowNumber = input.firstRow + index;
    try {
      if (isBlankRow(row)) {
        outcome.skipped();
        continue;
      }
      const { status, ...run } = readRun(row, rowNumber, context);
      const existing = await prisma.run.findUnique({ where: { routeId_date: { routeId: run.routeId, date: run.date } }, select: { id: true } });
      if (existing) {
        await prisma.run.update({ where: { id: existing.id }, data: { ...run, ...(status ? { status } : {}) } });
        outcome.updated();
      } else {
        const created = await prisma.run.create({ data: { accountId: context.accountId, ...run, status: status ?? "scheduled" }, select: { id: true } });
        outcome.created(created.id, false);
      }
      written.add(run.routeId);
      if (status === "cancelled") cancelled.add(run.routeId);
      if (status === "scheduled") scheduled.add(run.routeId);
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      outcome.failed({ row: error.row, field: error.field, reason: error.message });
    }
  }
  // the routes' links follow today's run's vehicle (or the route's again once it is cancelled); a preview moves none
  if (!isDryRun(prisma)) {
    await refreshLinksOfRoutes([...written]);
    // a run scheduled again is followed again from where it was, before the trackers read the runs again
    if (scheduled.size > 0) await restoreFollowedRuns({ accountId: context.accountId, routeIds: [...scheduled] });
    await announce("runs.changed", { accountId: context.accountId }); // the runs run-progress follows
    // a cancelled run being followed now announces run_cancelled at once, not on its vehicle's next fix
    if (cancelled.size > 0) await cancelFollowedRuns({ accountId: context.accountId, routeIds: [...cancelled] });
  }
}
