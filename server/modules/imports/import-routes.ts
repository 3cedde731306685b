// Routes import: one row per route with its stops nested in the order the vehicle reaches them. A route is found by
// route_number and updated, or created; its stops are replaced by the row's, keeping the id of every stop whose
// name is unchanged (passengers point at stops). Rows are read first (a row with any problem, in the route's fields
// or in one of its stops, is left out whole, with the row number of the field at fault), then the readable ones are
// written together (route-writes.ts): each group is one transaction, so a half-written route never exists, and a
// group that the database refuses is written again route by route, so one bad route cannot take others with it.
// The links of updated routes move onto the route's new vehicle at once (refresh-route-links.ts).
import { announce } from "../../announce";
import { isDataError, sqlStateOf } from "../../db/sql-state";
import { ImportContext } from "./import-context";
import { isDryRun, type ImportDb } from "./import-database";
import { refreshLinksOfRoutes } from "../tracking-links/refresh-route-links";
import type { ImportOutcome } from "./import-outcome";
import type { ImportRowError, RouteRow, StopRow } from "./imports.schema";
import { RowError, take } from "./row-error";
import { writeRoutes, type RouteWrite, type StopData } from "./route-writes";
import { cellText, isBlankRow } from "../values/cells";
import { parseClockTime } from "../values/parse-clock-time";
import { parseCoordinate } from "../values/parse-coordinate";
import { parseDays } from "../values/parse-days";
import { parseImportDate } from "../values/parse-import-date";
import { parseStopKind } from "../values/parse-stop-kind";
import { parseStopTime } from "../values/parse-stop-time";
import { parseStopRadius } from "../values/parse-stop-radius";

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
    radiusM: take(parseStopRadius(stop.radius_m), row, "stops.radius_m"),
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

/** what became of one item of the call; reported in the call's order (the dashboard's preview relies on it) */
type Result = { kind: "created"; id: number } | { kind: "updated" } | { kind: "skipped" } | { kind: "failed"; error: ImportRowError };

export async function importRoutes(input: {
  prisma: ImportDb;
  context: ImportContext;
  rows: RouteRow[];
  /** the row number of rows[0] (large jobs are processed in chunks) */
  firstRow: number;
  outcome: ImportOutcome;
}): Promise<void> {
  const { prisma, context, rows, outcome } = input;
  // the items read since the last write, in order: a route to write, or what already became of a row
  let pending: (RouteWrite | Result)[] = [];
  const flush = async () => {
    const items = pending;
    pending = [];
    const routes = items.filter((item): item is RouteWrite => "fields" in item);
    const written = routes.length ? await writeGroup(prisma, context, routes) : [];
    let next = 0;
    for (const item of items) report(outcome, "fields" in item ? written[next++]! : item);
    // their links follow the route's vehicle on days without a run of their own; a preview moves none
    const updated = routes.filter((route, index) => written[index]!.kind === "updated").map((route) => route.existingId!);
    if (!isDryRun(prisma)) {
      await refreshLinksOfRoutes(updated);
      await announce("runs.changed", { accountId: context.accountId }); // stops and times run-progress follows
    }
  };
  let rowNumber = input.firstRow;
  for (const row of rows) {
    const span = Math.max(1, row.stops?.length ?? 0);
    try {
      if (isBlankRow(row)) {
        pending.push({ kind: "skipped" });
        continue;
      }
      const { stops, ...fields } = readRoute(row, rowNumber, context);
      // a route named twice in one call: the later row updates what the earlier one wrote
      if (pending.some((item) => "fields" in item && item.fields.routeNumber === fields.routeNumber)) await flush();
      pending.push({ row: rowNumber, existingId: context.route(fields.routeNumber)?.id, fields, stops });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      pending.push({ kind: "failed", error: { row: error.row, field: error.field, reason: error.message } });
    } finally {
      rowNumber += span;
    }
  }
  await flush();
  await context.reloadRoutes(prisma);
}

function report(outcome: ImportOutcome, result: Result): void {
  if (result.kind === "created") outcome.created(result.id, true);
  else if (result.kind === "updated") outcome.updated();
  else if (result.kind === "skipped") outcome.skipped();
  else outcome.failed(result.error);
}

/** writes the routes, together when the database takes them all, else one by one; a result per route, in order */
async function writeGroup(prisma: ImportDb, context: ImportContext, group: RouteWrite[]): Promise<Result[]> {
  let ids: number[];
  try {
    ids = await writeRoutes(prisma, context.accountId, group);
  } catch (error) {
    if (!isDataError(error)) throw error;
    // a value the database refuses (a vehicle deleted since the call began, say): only that route is left out
    if (group.length === 1) return [{ kind: "failed", error: { row: group[0]!.row, reason: `the route could not be saved: ${refusal(error)}` } }];
    const results: Result[] = [];
    for (const route of group) results.push(...(await writeGroup(prisma, context, [route])));
    return results;
  }
  return group.map((route, index): Result => {
    const id = ids[index]!;
    context.routes.set(route.fields.routeNumber, { id, startMinute: route.fields.startMinute, endMinute: route.fields.endMinute, stops: new Map() });
    return route.existingId === undefined ? { kind: "created", id } : { kind: "updated" };
  });
}

/** why the database refused a route, in the caller's terms */
function refusal(error: unknown): string {
  switch (sqlStateOf(error)) {
    case "23503":
      return "a vehicle or driver it names was deleted while the import ran";
    case "23505":
      return "another import wrote the same route at the same moment; send the row again";
    default:
      return "the database refused one of its values";
  }
}
