// Runs import: one row per route and date. A run is found by (route, date) and updated, or created; a row for a
// route that has not been imported is left out. A re-sent row changes the fields it carries: a field sent empty (null or
// "", a spreadsheet's empty cell) is cleared, so the route's value applies again; a field left out of the row (a key
// not sent, a column not mapped) keeps the stored value, so re-sending a run's notice alone does not take away the
// vehicle, driver or times it was given. Times left empty fall back to the route's own when the run is read, so a
// later change of the route's times reaches runs that did not set their own. status is scheduled or
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
  return {
    routeId: route.id,
    date: take(parseImportDate(date), rowNumber, "date"),
    fields: {
      startMinute: given(row.start_time, (text) => take(parseClockTime(text, "start_time"), rowNumber, "start_time")),
      endMinute: given(row.end_time, (text) => take(parseClockTime(text, "end_time"), rowNumber, "end_time")),
      assetId: given(row.vehicle, (text) => take(context.vehicle(text), rowNumber, "vehicle")),
      driverId: given(row.driver, (text) => take(context.driver(text), rowNumber, "driver")),
      notice: given(row.notice, (text) => text),
    },
    status: status as (typeof STATUSES)[number] | null,
  };
}

/** a field of the row: undefined when left out (the stored value stays), null when sent empty (cleared), else read */
function given<T>(cell: RunRow[keyof RunRow], read: (text: string) => T): T | null | undefined {
  if (cell === undefined) return undefined;
  const text = cellText(cell);
  return text === null ? null : read(text);
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
      const { status, fields, ...run } = readRun(row, rowNumber, context);
      const existing = await prisma.run.findUnique({ where: { routeId_date: { routeId: run.routeId, date: run.date } }, select: { id: true } });
      if (existing) {
        // Prisma leaves an undefined field as it is
        await prisma.run.update({ where: { id: existing.id }, data: { ...fields, ...(status ? { status } : {}) } });
        outcome.updated();
      } else {
        const created = await prisma.run.create({ data: { accountId: context.accountId, ...run, ...fields, status: status ?? "scheduled" }, select: { id: true } });
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
