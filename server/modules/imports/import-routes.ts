// Routes import: one row per route with its stops nested in the order the vehicle reaches them. A route is found by
// route_number and updated, or created; its stops are replaced by the row's, keeping the id of every stop whose
// name is unchanged (passengers point at stops). Each route is written in one transaction: a row with any problem,
// in the route's fields or in one of its stops, is left out whole, with the row number of the field at fault.
import type { PrismaClient } from "../../generated/prisma/client";
import { ImportContext } from "./import-context";
import type { ImportOutcome } from "./import-outcome";
import type { RouteRow, StopRow } from "./imports.schema";
import { RowError, take } from "./row-error";
import { cellText, isBlankRow } from "./values/cells";
import { parseClockTime } from "./values/parse-clock-time";
import { parseCoordinate } from "./values/parse-coordinate";
import { parseDays } from "./values/parse-days";
import { parseImportDate } from "./values/parse-import-date";
import { parseStopKind } from "./values/parse-stop-kind";
import { parseStopTime } from "./values/parse-stop-time";

interface StopData {
  sequence: number;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  clockMinute: number | null;
  offsetMinutes: number | null;
  kind: "pick_up" | "drop_off" | "both";
}

function readStop(stop: StopRow, sequence: number, row: number): StopData {
  const name = cellText(stop.name);
  if (name === null) throw new RowError(row, "stops.name", "a stop needs a name (passengers are matched to stops by name)");
  const time = stop.time === undefined || cellText(stop.time) === null ? null : take(parseStopTime(stop.time), row, "stops.time");
  return {
    sequence,
    name,
    address: cellText(stop.address),
    latitude: take(parseCoordinate(stop.lat, "lat"), row, "stops.lat"),
    longitude: take(parseCoordinate(stop.lng, "lng"), row, "stops.lng"),
    clockMinute: time?.kind === "clock" ? time.minutes : null,
    offsetMinutes: time?.kind === "offset" ? time.minutes : null,
    kind: take(parseStopKind(stop.kind), row, "stops.kind"),
  };
}

function readRoute(row: RouteRow, rowNumber: number, context: ImportContext) {
  const routeNumber = cellText(row.route_number);
  if (routeNumber === null) throw new RowError(rowNumber, "route_number", "route_number is required");
  const vehicle = cellText(row.vehicle);
  const driver = cellText(row.driver);
  const days = cellText(row.days);
  const start = cellText(row.start_time);
  const end = cellText(row.end_time);
  const effectiveFrom = cellText(row.effective_from);
  const stops = (row.stops ?? []).map((stop, index) => readStop(stop, index + 1, rowNumber + index));
  const seen = new Map<string, number>();
  for (const stop of stops) {
    const key = ImportContext.stopKey(stop.name);
    if (seen.has(key)) {
      throw new RowError(rowNumber + stop.sequence - 1, "stops.name", `stop "${stop.name}" appears twice on the route; passengers are matched to stops by name`);
    }
    seen.set(key, stop.sequence);
  }
  return {
    routeNumber,
    name: cellText(row.route_name),
    assetId: vehicle === null ? null : take(context.vehicle(vehicle), rowNumber, "vehicle"),
    driverId: driver === null ? null : take(context.driver(driver), rowNumber, "driver"),
    days: days === null ? [] : take(parseDays(days), rowNumber, "days"),
    startMinute: start === null ? null : take(parseClockTime(start, "start_time"), rowNumber, "start_time"),
    endMinute: end === null ? null : take(parseClockTime(end, "end_time"), rowNumber, "end_time"),
    effectiveFrom: effectiveFrom === null ? null : take(parseImportDate(effectiveFrom, "effective_from"), rowNumber, "effective_from"),
    stops,
  };
}

export async function importRoutes(input: {
  prisma: PrismaClient;
  context: ImportContext;
  rows: RouteRow[];
  /** the row number of rows[0] (large jobs are processed in chunks) */
  firstRow: number;
  outcome: ImportOutcome;
}): Promise<void> {
  const { prisma, context, rows, outcome } = input;
  let rowNumber = input.firstRow;
  for (const row of rows) {
    const span = Math.max(1, row.stops?.length ?? 0);
    try {
      if (isBlankRow(row)) {
        outcome.skipped();
        continue;
      }
      const route = readRoute(row, rowNumber, context);
      const existing = context.route(route.routeNumber);
      const { stops, ...fields } = route;
      const id = await prisma.$transaction(async (tx) => {
        const saved = existing
          ? await tx.route.update({ where: { id: existing.id }, data: fields, select: { id: true } })
          : await tx.route.create({ data: { accountId: context.accountId, ...fields }, select: { id: true } });
        const current = await tx.routeStop.findMany({ where: { routeId: saved.id }, select: { id: true, name: true } });
        const keep = new Map(current.map((stop) => [ImportContext.stopKey(stop.name), stop.id]));
        for (const stop of stops) {
          const stopId = keep.get(ImportContext.stopKey(stop.name));
          if (stopId === undefined) await tx.routeStop.create({ data: { routeId: saved.id, ...stop } });
          else {
            await tx.routeStop.update({ where: { id: stopId }, data: stop });
            keep.delete(ImportContext.stopKey(stop.name));
          }
        }
        if (keep.size > 0) await tx.routeStop.deleteMany({ where: { id: { in: [...keep.values()] } } });
        return saved.id;
      });
      if (existing) outcome.updated();
      else outcome.created(id, true);
      // a later row of this call may name the same route again: it updates this one
      context.routes.set(route.routeNumber, { id, startMinute: fields.startMinute, endMinute: fields.endMinute, stops: new Map() });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      outcome.failed({ row: error.row, field: error.field, reason: error.message });
    } finally {
      rowNumber += span;
    }
  }
  await context.reloadRoutes(prisma);
}
