// "The current driver of a vehicle", for many vehicles at once (messages to a group or a tag, and one vehicle through
// find-current-driver.ts, so the rule lives here once). For each vehicle, in this order:
//   1. the iButton key (or tachograph card) in the vehicle's newest position, when the vehicle's authorised-driver
//      list names a driver for that key (docs/vehicle-control.md "Authorised drivers");
//   2. today's run (in the account's time zone) with this vehicle and a driver, the one starting latest but already
//      started (else the first of the day); runs starting at the same minute go by id;
//   3. the one route that has this vehicle and a driver by default (two or more: ambiguous, none).
// At most five queries whatever the number of vehicles (positions, keys, the account's time zone, today's runs,
// routes); each later step only asks about the vehicles the earlier ones left without a driver.
import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { formatLocalDate, zonedParts } from "../time/zoned-time";

export type CurrentDriverReader = Pick<Prisma.TransactionClient, "assetState" | "authorisedDriver" | "account" | "run" | "route">;

/**
 * The current driver of each of `assetIds` (the account's vehicles), as a map from vehicle to driver; a vehicle
 * without one is absent. `reader` defaults to the process database (tests pass one that counts the queries).
 */
export async function findCurrentDrivers(
  input: { accountId: number; assetIds: readonly number[]; now?: Date },
  reader: CurrentDriverReader = db(),
): Promise<Map<number, number>> {
  const { accountId } = input;
  const now = input.now ?? new Date();
  const found = new Map<number, number>();
  let open = [...new Set(input.assetIds)];
  if (open.length === 0) return found;

  // 1. the identified key of the newest position, named by the vehicle's authorised-driver list
  const states = await reader.assetState.findMany({ where: { assetId: { in: open } }, select: { assetId: true, payload: true } });
  const keyOf = new Map<number, string>();
  for (const state of states) {
    const key = (state.payload as { driverId?: unknown } | null)?.driverId;
    if (typeof key === "string" && key !== "") keyOf.set(state.assetId, key.toUpperCase());
  }
  if (keyOf.size > 0) {
    const authorised = await reader.authorisedDriver.findMany({
      where: { accountId, assetId: { in: [...keyOf.keys()] }, keyId: { in: [...new Set(keyOf.values())] }, driverId: { not: null } },
      select: { assetId: true, keyId: true, driverId: true },
    });
    // (asset, key) is unique in the list, so at most one row names each vehicle's key
    for (const row of authorised) if (row.driverId !== null && keyOf.get(row.assetId) === row.keyId) found.set(row.assetId, row.driverId);
    open = open.filter((id) => !found.has(id));
    if (open.length === 0) return found;
  }

  // 2. today's runs of the vehicle (the run's own vehicle, else its route's), the driver the run's or else the route's
  const account = await reader.account.findUniqueOrThrow({ where: { id: accountId }, select: { timeZone: true } });
  const local = zonedParts(now.getTime(), account.timeZone);
  const minute = local.hour * 60 + local.minute;
  const runs = await reader.run.findMany({
    where: { accountId, date: formatLocalDate(local), status: "scheduled", OR: [{ assetId: { in: open } }, { assetId: null, route: { assetId: { in: open } } }] },
    select: { id: true, assetId: true, driverId: true, startMinute: true, route: { select: { assetId: true, driverId: true, startMinute: true } } },
    orderBy: { id: "asc" },
  });
  const runsOf = new Map<number, { driverId: number; start: number }[]>();
  for (const run of runs) {
    const assetId = run.assetId ?? run.route.assetId;
    const driverId = run.driverId ?? run.route.driverId;
    if (assetId === null || driverId === null) continue;
    const list = runsOf.get(assetId) ?? [];
    list.push({ driverId, start: run.startMinute ?? run.route.startMinute ?? 0 });
    runsOf.set(assetId, list);
  }
  for (const [assetId, list] of runsOf) {
    // a stable sort: equal starts stay in id order
    list.sort((a, b) => a.start - b.start);
    const started = list.filter((run) => run.start <= minute);
    found.set(assetId, (started[started.length - 1] ?? list[0]!).driverId);
  }
  open = open.filter((id) => !found.has(id));
  if (open.length === 0) return found;

  // 3. the vehicle's one route with a driver by default
  const routes = await reader.route.findMany({ where: { accountId, assetId: { in: open }, driverId: { not: null } }, select: { assetId: true, driverId: true } });
  const routesOf = new Map<number, number[]>();
  for (const route of routes) {
    if (route.assetId === null || route.driverId === null) continue;
    routesOf.set(route.assetId, [...(routesOf.get(route.assetId) ?? []), route.driverId]);
  }
  for (const [assetId, drivers] of routesOf) if (drivers.length === 1) found.set(assetId, drivers[0]!);
  return found;
}
