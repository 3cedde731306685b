// "The current driver of a vehicle", resolved when a message is sent to a vehicle, in this order:
//   1. the iButton key (or tachograph card) in the vehicle's newest position, when the vehicle's authorised-driver
//      list names a driver for that key (docs/vehicle-control.md "Authorised drivers");
//   2. today's run (in the account's time zone) with this vehicle and a driver, the one starting latest but already
//      started (else the first of the day);
//   3. the one route that has this vehicle and a driver by default (two or more: ambiguous, none).
// null when none of these names a driver.
import { db } from "../../db/client";
import { formatLocalDate, zonedParts } from "../time/zoned-time";

export async function findCurrentDriver(input: { accountId: number; assetId: number; now?: Date }): Promise<number | null> {
  const { accountId, assetId } = input;
  const now = input.now ?? new Date();

  const state = await db().assetState.findUnique({ where: { assetId }, select: { payload: true } });
  const key = (state?.payload as { driverId?: unknown } | null)?.driverId;
  if (typeof key === "string" && key !== "") {
    const authorised = await db().authorisedDriver.findFirst({
      where: { accountId, assetId, keyId: key.toUpperCase(), driverId: { not: null } },
      select: { driverId: true },
    });
    if (authorised?.driverId) return authorised.driverId;
  }

  const account = await db().account.findUniqueOrThrow({ where: { id: accountId }, select: { timeZone: true } });
  const local = zonedParts(now.getTime(), account.timeZone);
  const minute = local.hour * 60 + local.minute;
  const runs = await db().run.findMany({
    where: { accountId, date: formatLocalDate(local), status: "scheduled", OR: [{ assetId }, { assetId: null, route: { assetId } }] },
    select: { driverId: true, startMinute: true, route: { select: { driverId: true, startMinute: true } } },
  });
  const withDriver = runs
    .map((run) => ({ driverId: run.driverId ?? run.route.driverId, start: run.startMinute ?? run.route.startMinute ?? 0 }))
    .filter((run): run is { driverId: number; start: number } => run.driverId !== null)
    .sort((a, b) => a.start - b.start);
  const started = withDriver.filter((run) => run.start <= minute);
  const run = started[started.length - 1] ?? withDriver[0];
  if (run) return run.driverId;

  const routes = await db().route.findMany({ where: { accountId, assetId, driverId: { not: null } }, select: { driverId: true }, take: 2 });
  return routes.length === 1 ? routes[0]!.driverId : null;
}
