// GET /api/{account_key}/public-tracking/gtfs-realtime: the account's runs in progress as a GTFS-realtime FeedMessage
// (docs/gtfs.md). Five reads whatever the number of runs (the account's zone, the runs in progress, their routes with
// stops, their run rows, their vehicles with their newest positions), then pure code per run
// (gtfs-realtime-entities.ts); the ETAs come from memory (run-eta-cache.ts), or from the estimates stored with the
// run's state (run_progress.eta, at most a minute old) when this node has not heard newer ones.
import { db, type Db } from "../../db/client";
import { RUN_WINDOWS } from "../run-progress/followed-runs";
import { RUN_PROGRESS_RULES } from "../run-progress/run-progress";
import type { LivePosition } from "../positions/live-position";
import { addDays, formatLocalDate, parseLocalDate, zonedInstant, zonedParts, type LocalDate } from "../time/zoned-time";
import { gtfsRouteSelect } from "./export-gtfs-static";
import type { FeedMessage } from "./gtfs-realtime-feed";
import { realtimeEntities, type StoredStopState } from "./gtfs-realtime-entities";
import type { GtfsRouteRow } from "./gtfs-trips";
import { RUN_ETA_MAX_AGE_MS, type RunEtaCache } from "./run-eta-cache";
import type { RunEtaMessage, RunEtaStop } from "../run-progress/run-eta-message";

/** the tables the realtime feed reads (tests pass one that counts the queries) */
export type GtfsRealtimeReader = Pick<Db, "account" | "runProgress" | "route" | "run" | "asset">;

export async function gtfsRealtimeFeed(
  input: { accountId: number; etas: RunEtaCache | null },
  now = Date.now(),
  prisma: GtfsRealtimeReader = db(),
): Promise<FeedMessage> {
  const { timeZone } = await prisma.account.findUniqueOrThrow({ where: { id: input.accountId }, select: { timeZone: true } });
  const today = zonedParts(now, timeZone);
  // yesterday's and today's: the days a node follows (followed-runs.ts); an older row left in_progress by a node that
  // stopped is not a run in progress
  const progress = await prisma.runProgress.findMany({
    where: { accountId: input.accountId, status: "in_progress", date: { in: [formatLocalDate(addDays(today, -1)), formatLocalDate(today)] } },
    orderBy: [{ date: "asc" }, { routeId: "asc" }],
    select: { routeId: true, date: true, runId: true, assetId: true, state: true, eta: true },
  });
  const routeIds = [...new Set(progress.map((row) => row.routeId))];
  const runIds = progress.flatMap((row) => (row.runId === null ? [] : [row.runId]));
  const assetIds = [...new Set(progress.flatMap((row) => (row.assetId === null ? [] : [row.assetId])))];
  const [routes, runs, assets] = await Promise.all([
    routeIds.length ? prisma.route.findMany({ where: { id: { in: routeIds }, accountId: input.accountId }, select: gtfsRouteSelect }) : [],
    runIds.length ? prisma.run.findMany({ where: { id: { in: runIds }, accountId: input.accountId }, select: { id: true, startMinute: true, endMinute: true } }) : [],
    assetIds.length
      ? prisma.asset.findMany({ where: { id: { in: assetIds }, accountId: input.accountId }, select: { id: true, name: true, plate: true, state: { select: { payload: true } } } })
      : [],
  ]);
  const routeOf = new Map<number, GtfsRouteRow>(routes.map((route) => [route.id, route]));
  const runOf = new Map(runs.map((run) => [run.id, run]));
  const assetOf = new Map(assets.map((asset) => [asset.id, asset]));

  const entity = progress.flatMap((row) => {
    const route = routeOf.get(row.routeId);
    const day = parseLocalDate(row.date);
    if (!route || !day) return [];
    const run = row.runId === null ? null : (runOf.get(row.runId) ?? null);
    if (pastItsEnd(route, run, day, timeZone, now)) return [];
    const state = row.state as unknown as { stops: StoredStopState[]; last: { at: number } | null };
    const asset = row.assetId === null ? undefined : assetOf.get(row.assetId);
    const live = asset?.state?.payload as unknown as LivePosition | undefined;
    return realtimeEntities(
      {
        route,
        run,
        date: row.date,
        stops: state.stops,
        lastFixAt: state.last?.at ?? null,
        vehicle: asset ? { id: asset.id, name: asset.name, plate: asset.plate } : null,
        position: live
          ? { latitude: live.latitude, longitude: live.longitude, course: live.course, speedKmh: live.speed, at: live.dateUpdated, odometerM: live.odometer }
          : null,
        eta: newerEta(input.etas?.get(row.routeId, row.date, now) ?? null, storedEta(input.accountId, row, now)),
      },
      timeZone,
    );
  });
  return { header: { gtfs_realtime_version: "2.0", incrementality: "FULL_DATASET", timestamp: Math.floor(now / 1000) }, entity };
}

/** the estimates stored with the run's state, as the hub message that carried them */
function storedEta(
  accountId: number,
  row: { routeId: number; date: string; runId: number | null; assetId: number | null; eta: unknown },
  now: number,
): RunEtaMessage | null {
  const stored = row.eta as { at: number; stops: RunEtaStop[] } | null;
  if (!stored || row.assetId === null || stored.stops.length === 0 || now - stored.at > RUN_ETA_MAX_AGE_MS) return null;
  return { version: 1, accountId, routeId: row.routeId, date: row.date, runId: row.runId, vehicle: { assetId: row.assetId }, at: stored.at, stops: stored.stops };
}

function newerEta(heard: RunEtaMessage | null, stored: RunEtaMessage | null): RunEtaMessage | null {
  if (!heard || !stored) return heard ?? stored;
  return heard.at >= stored.at ? heard : stored;
}

/**
 * true when the run's end time and grace (and the tracker's gap allowance) are behind us: the tracker finishes such a
 * run on its next sweep, so a row still in progress then was left by a node that stopped
 */
function pastItsEnd(route: GtfsRouteRow, run: { endMinute: number | null } | null, day: LocalDate, timeZone: string, now: number): boolean {
  const endMinute = run?.endMinute ?? route.endMinute;
  const finishBy = endMinute === null ? zonedInstant(addDays(day, 1), 0, timeZone) : zonedInstant(day, endMinute, timeZone) + RUN_WINDOWS.endGraceMs;
  return now > finishBy + RUN_PROGRESS_RULES.maxGapMs;
}
