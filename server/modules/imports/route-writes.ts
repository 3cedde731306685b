// Writes a group of already-read routes (fields and stops) in one transaction with a handful of statements, whatever
// the group's size: new routes in one insert, changed routes in one update, and their stops as one insert, one
// update and one delete. A stop whose name (letter case ignored) is unchanged keeps its id, since passengers point at
// stops. Route numbers in one group are distinct (the caller splits where a number repeats).
import type { Prisma } from "../../generated/prisma/client";
import { inTransaction, type ImportDb } from "./import-database";
import { ImportContext } from "./import-context";

export interface StopData {
  sequence: number;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  clockMinute: number | null;
  offsetMinutes: number | null;
  kind: "pick_up" | "drop_off" | "both";
  /** arrival radius in metres, or null: the default */
  radiusM: number | null;
}

export interface RouteFields {
  routeNumber: string;
  name: string | null;
  assetId: number | null;
  driverId: number | null;
  days: number[];
  startMinute: number | null;
  endMinute: number | null;
  effectiveFrom: string | null;
}

export interface RouteWrite {
  /** the row number of the route's first stop (error entries name it) */
  row: number;
  /** the route this row updates, or undefined to create one */
  existingId: number | undefined;
  fields: RouteFields;
  stops: StopData[];
}

type Tx = Prisma.TransactionClient;

/** writes the group; resolves with the route id of each entry, in order */
export async function writeRoutes(prisma: ImportDb, accountId: number, group: RouteWrite[]): Promise<number[]> {
  return inTransaction(prisma, async (tx) => {
    const creates = group.filter((route) => route.existingId === undefined);
    const created = creates.length ? await insertRoutes(tx, accountId, creates) : [];
    const createdIds = new Map(created.map((route) => [route.route_number, route.id]));
    const ids = group.map((route) => route.existingId ?? createdIds.get(route.fields.routeNumber)!);
    const updates = group.filter((route) => route.existingId !== undefined);
    if (updates.length) await updateRoutes(tx, updates);
    await writeStops(tx, group, ids);
    return ids;
  });
}

// Prisma's createMany spends most of a second on 2,500 stops; one INSERT from unnest() of column arrays takes
// milliseconds, on PostgreSQL and PGlite alike.
function insertRoutes(tx: Tx, accountId: number, routes: RouteWrite[]): Promise<{ id: number; route_number: string }[]> {
  const column = <T>(pick: (fields: RouteFields) => T) => routes.map((route) => pick(route.fields));
  return tx.$queryRaw`
    INSERT INTO routes (account_id, route_number, name, asset_id, driver_id, days, start_minute, end_minute, effective_from, updated_at)
    SELECT ${accountId}, v.route_number, v.name, v.asset_id, v.driver_id, v.days::int[], v.start_minute, v.end_minute, v.effective_from, now()
    FROM unnest(
      ${column((f) => f.routeNumber)}::text[], ${column((f) => f.name)}::text[], ${column((f) => f.assetId)}::int[],
      ${column((f) => f.driverId)}::int[], ${column((f) => `{${f.days.join(",")}}`)}::text[],
      ${column((f) => f.startMinute)}::int[], ${column((f) => f.endMinute)}::int[], ${column((f) => f.effectiveFrom)}::text[]
    ) AS v(route_number, name, asset_id, driver_id, days, start_minute, end_minute, effective_from)
    RETURNING id, route_number`;
}

async function updateRoutes(tx: Tx, routes: RouteWrite[]): Promise<void> {
  const column = <T>(pick: (fields: RouteFields) => T) => routes.map((route) => pick(route.fields));
  await tx.$executeRaw`
    UPDATE routes AS r SET
      name = v.name, asset_id = v.asset_id, driver_id = v.driver_id, days = v.days::int[],
      start_minute = v.start_minute, end_minute = v.end_minute, effective_from = v.effective_from, updated_at = now()
    FROM unnest(
      ${routes.map((route) => route.existingId!)}::int[], ${column((f) => f.name)}::text[], ${column((f) => f.assetId)}::int[],
      ${column((f) => f.driverId)}::int[], ${column((f) => `{${f.days.join(",")}}`)}::text[],
      ${column((f) => f.startMinute)}::int[], ${column((f) => f.endMinute)}::int[], ${column((f) => f.effectiveFrom)}::text[]
    ) AS v(id, name, asset_id, driver_id, days, start_minute, end_minute, effective_from)
    WHERE r.id = v.id`;
}

async function writeStops(tx: Tx, group: RouteWrite[], routeIds: number[]): Promise<void> {
  const existingRouteIds = group.flatMap((route) => (route.existingId === undefined ? [] : [route.existingId]));
  const current = existingRouteIds.length
    ? await tx.routeStop.findMany({ where: { routeId: { in: existingRouteIds } }, select: { id: true, routeId: true, name: true } })
    : [];
  const currentByRoute = new Map<number, Map<string, number>>();
  for (const stop of current) {
    const stops = currentByRoute.get(stop.routeId) ?? new Map<string, number>();
    stops.set(ImportContext.stopKey(stop.name), stop.id);
    currentByRoute.set(stop.routeId, stops);
  }
  const inserts: (StopData & { routeId: number })[] = [];
  const updates: (StopData & { id: number })[] = [];
  const removed: number[] = [];
  group.forEach((route, index) => {
    const routeId = routeIds[index]!;
    const keep = new Map(currentByRoute.get(routeId) ?? []);
    for (const stop of route.stops) {
      const key = ImportContext.stopKey(stop.name);
      const id = keep.get(key);
      if (id === undefined) inserts.push({ routeId, ...stop });
      else {
        updates.push({ id, ...stop });
        keep.delete(key);
      }
    }
    removed.push(...keep.values());
  });
  if (removed.length) await tx.routeStop.deleteMany({ where: { id: { in: removed } } });
  if (inserts.length) {
    const column = <T>(pick: (stop: StopData & { routeId: number }) => T) => inserts.map(pick);
    await tx.$executeRaw`
      INSERT INTO route_stops (route_id, sequence, name, address, latitude, longitude, clock_minute, offset_minutes, kind, radius_m)
      SELECT v.route_id, v.sequence, v.name, v.address, v.latitude, v.longitude, v.clock_minute, v.offset_minutes, v.kind::"StopKind", v.radius_m
      FROM unnest(
        ${column((s) => s.routeId)}::int[], ${column((s) => s.sequence)}::int[], ${column((s) => s.name)}::text[],
        ${column((s) => s.address)}::text[], ${column((s) => s.latitude)}::float8[], ${column((s) => s.longitude)}::float8[],
        ${column((s) => s.clockMinute)}::int[], ${column((s) => s.offsetMinutes)}::int[], ${column((s) => s.kind)}::text[],
        ${column((s) => s.radiusM)}::int[]
      ) AS v(route_id, sequence, name, address, latitude, longitude, clock_minute, offset_minutes, kind, radius_m)`;
  }
  if (updates.length) {
    const column = <T>(pick: (stop: StopData) => T) => updates.map(pick);
    await tx.$executeRaw`
      UPDATE route_stops AS s SET
        sequence = v.sequence, name = v.name, address = v.address, latitude = v.latitude, longitude = v.longitude,
        clock_minute = v.clock_minute, offset_minutes = v.offset_minutes, kind = v.kind::"StopKind", radius_m = v.radius_m
      FROM unnest(
        ${updates.map((stop) => stop.id)}::int[], ${column((s) => s.sequence)}::int[], ${column((s) => s.name)}::text[],
        ${column((s) => s.address)}::text[], ${column((s) => s.latitude)}::float8[], ${column((s) => s.longitude)}::float8[],
        ${column((s) => s.clockMinute)}::int[], ${column((s) => s.offsetMinutes)}::int[], ${column((s) => s.kind)}::text[],
        ${column((s) => s.radiusM)}::int[]
      ) AS v(id, sequence, name, address, latitude, longitude, clock_minute, offset_minutes, kind, radius_m)
      WHERE s.id = v.id`;
  }
}
