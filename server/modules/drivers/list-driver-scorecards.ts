// Driver scorecards (docs/dashboard.md "Driver scorecards"): the account's drivers ranked for one calendar week
// (Monday first) or month of the account's time zone, from the trips the ingest pipeline closed, with each driver's
// score over the periods before it.
//   driver of a trip: the iButton key (IO 78) of the trip's first fix, when it is a key the asset's authorised
//     drivers list gives to a driver of the account (the trips report names drivers the same way);
//   score: the trips' scores (trip-detector.ts scoreTrip) averaged weighted by distance (a plain mean when the trips
//     drove no distance);
//   events: the stored behaviour events (driver-behavior/record-behavior-events.ts) whose record carried a key the
//     asset's authorised drivers give to the driver, by kind, and per 100 km of the driver's trips.
// A trip counts in the period it started in, an event in the one it was detected in. A member limited to groups sees the trips of their assets only, and the
// drivers authorised on those assets. One aggregate reads the trips of the shown period and of the trend's periods
// at once, grouped by asset, start key and period, and one the events, grouped by asset, key, period and kind;
// nothing is read per driver.
import { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import type { RawIoValue } from "../../tracker/record";
import { type AssetScope, visibleAssetIds } from "../asset-scope/asset-scope";
import { parseInput } from "../parse-input";
import { protocolCatalogue } from "../protocol-port";
import { addDays, formatLocalDate, type LocalDate, zonedInstant, zonedParts } from "../time/zoned-time";
import {
  type DriverScorecardDto,
  type DriverScorecardsDto,
  type ListDriverScorecardsInput,
  type ScorecardPeriod,
  type ScorecardEventKind,
  type ScorecardPeriodDto,
  SCORECARD_EVENT_KINDS,
  SCORECARD_TREND_PERIODS,
  ZListDriverScorecards,
} from "./driver-scorecards.schema";

/** the Teltonika IO element of the iButton key; its value is named by the tracker's protocol */
const IBUTTON_IO = "78";

interface GroupRow {
  asset_id: number;
  protocol: string | null;
  raw_key: RawIoValue | null;
  named_key: string | null;
  /** 1 for the oldest trend period … SCORECARD_TREND_PERIODS + 1 for the shown one */
  bucket: number;
  trips: number;
  distance_m: number;
  driving_s: number;
  score_m: number;
  score_sum: number;
}

interface EventRow {
  asset_id: number;
  driver_key: string;
  bucket: number;
  type: ScorecardEventKind;
  events: number;
}

interface Totals {
  trips: number;
  distanceM: number;
  drivingS: number;
  scoreM: number;
  scoreSum: number;
  events: Record<ScorecardEventKind, number>;
}

export async function listDriverScorecards(
  input: ListDriverScorecardsInput & { scope: AssetScope; now?: number },
): Promise<DriverScorecardsDto> {
  const { period, offset } = parseInput(ZListDriverScorecards, input);
  const { scope } = input;
  const account = await db().account.findUnique({ where: { id: scope.accountId }, select: { timeZone: true } });
  if (!account) throw new AppError("ACCOUNT_NOT_FOUND", "account not found");
  const timeZone = account.timeZone;

  // the trend's periods, oldest first, then the shown one; starts[i]..starts[i + 1] is period i
  const starts = periodStarts(period, offset, input.now ?? Date.now(), timeZone);
  const bounds = starts.map((day) => new Date(zonedInstant(day, 0, timeZone)));
  const ranges: ScorecardPeriodDto[] = starts.slice(0, -1).map((day, i) => ({
    from: formatLocalDate(day),
    to: formatLocalDate(addDays(starts[i + 1]!, -1)),
  }));

  const visible = await visibleAssetIds(scope);
  const keys = await db().authorisedDriver.findMany({
    where: { accountId: scope.accountId, driverId: { not: null }, ...(visible && { assetId: { in: [...visible] } }) },
    select: { assetId: true, keyId: true, driverId: true },
  });
  const driverOfKey = new Map(keys.map((key) => [`${key.assetId}:${key.keyId.toUpperCase()}`, key.driverId!]));
  const drivers = await db().driver.findMany({
    where: { accountId: scope.accountId, ...(visible && { id: { in: [...new Set(keys.map((key) => key.driverId!))] } }) },
    select: { id: true, name: true },
  });

  const keyedAssets = [...new Set(keys.map((key) => key.assetId))];
  const groups = keyedAssets.length === 0 ? [] : await db().$queryRaw<GroupRow[]>`
    SELECT t.asset_id, tr.protocol, p.avl_io -> ${IBUTTON_IO} AS raw_key, p.io ->> 'iButton' AS named_key,
      width_bucket(t.started_at, ARRAY[${Prisma.join(bounds)}]::timestamptz[])::int AS bucket,
      count(*)::int AS trips,
      sum(t.distance_m)::float8 AS distance_m,
      sum(extract(epoch FROM t.ended_at - t.started_at))::float8 AS driving_s,
      sum(t.score * t.distance_m)::float8 AS score_m,
      sum(t.score)::float8 AS score_sum
    FROM trips t
    JOIN LATERAL (
      SELECT avl_io, io, tracker_id FROM positions p
      WHERE p.asset_id = t.asset_id AND p.flag IS NULL AND p.fix_time >= t.started_at AND p.fix_time <= t.ended_at
      ORDER BY p.fix_time LIMIT 1) p ON true
    LEFT JOIN trackers tr ON tr.id = p.tracker_id
    WHERE t.asset_id IN (${Prisma.join(keyedAssets)})
      AND t.started_at >= ${bounds[0]} AND t.started_at < ${bounds.at(-1)} AND t.ended_at IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5`;
  const events = keyedAssets.length === 0 ? [] : await db().$queryRaw<EventRow[]>`
    SELECT asset_id, upper(driver_key) AS driver_key, type::text AS type,
      width_bucket(at, ARRAY[${Prisma.join(bounds)}]::timestamptz[])::int AS bucket,
      count(*)::int AS events
    FROM driver_behavior_events
    WHERE asset_id IN (${Prisma.join(keyedAssets)}) AND driver_key IS NOT NULL
      AND at >= ${bounds[0]} AND at < ${bounds.at(-1)}
    GROUP BY 1, 2, 3, 4`;

  // per driver, per period (index 0 the oldest trend period, the last the shown one)
  const totals = new Map<number, Totals[]>();
  const periodOf = (driverId: number, bucket: number): Totals => {
    let periods = totals.get(driverId);
    if (!periods) totals.set(driverId, (periods = ranges.map(() => emptyTotals())));
    return periods[bucket - 1]!;
  };
  for (const group of groups) {
    const key = startKey(group);
    const driverId = key === null ? undefined : driverOfKey.get(`${group.asset_id}:${key}`);
    if (driverId !== undefined) add(periodOf(driverId, group.bucket), group);
  }
  for (const row of events) {
    const driverId = driverOfKey.get(`${row.asset_id}:${row.driver_key}`);
    if (driverId !== undefined && row.type in EMPTY_EVENTS) periodOf(driverId, row.bucket).events[row.type] += row.events;
  }

  const cards = drivers.map((driver) => scorecard(driver, totals.get(driver.id) ?? ranges.map(() => emptyTotals())));
  const ranked = cards
    .filter((card) => card.score !== null)
    .sort((a, b) => b.score! - a.score! || b.distance_km - a.distance_km || a.driver.name.localeCompare(b.driver.name));
  ranked.forEach((card, i) => (card.rank = i + 1));
  const idle = cards.filter((card) => card.score === null).sort((a, b) => a.driver.name.localeCompare(b.driver.name));
  return {
    period,
    offset,
    time_zone: timeZone,
    range: ranges.at(-1)!,
    trend_ranges: ranges.slice(0, -1),
    drivers: [...ranked, ...idle],
  };
}

/**
 * The first local day of each period from SCORECARD_TREND_PERIODS before the shown one to the shown one, and the
 * day after the shown one (its end): Mondays for weeks, 1sts for months.
 */
export function periodStarts(period: ScorecardPeriod, offset: number, now: number, timeZone: string): LocalDate[] {
  const today = zonedParts(now, timeZone);
  const count = SCORECARD_TREND_PERIODS + 2;
  const last = offset - 1; // the period after the shown one, counted back from the current
  if (period === "week") {
    const monday = addDays(today, 1 - today.isoWeekday);
    return Array.from({ length: count }, (_, i) => addDays(monday, -7 * (last + count - 1 - i)));
  }
  return Array.from({ length: count }, (_, i) => {
    const back = last + count - 1 - i;
    const months = today.year * 12 + (today.month - 1) - back;
    return { year: Math.floor(months / 12), month: (months % 12) + 1, day: 1 };
  });
}

/** the iButton key of a trip's first fix, upper-case, or null when there is none (all zeros: no key attached) */
function startKey(group: GroupRow): string | null {
  let key: unknown = group.named_key;
  if (group.raw_key !== null && group.protocol) key = protocolCatalogue().namedIo(group.protocol, { [IBUTTON_IO]: group.raw_key }).iButton;
  return typeof key === "string" && /[1-9a-f]/i.test(key) ? key.toUpperCase() : null;
}

const EMPTY_EVENTS = Object.fromEntries(SCORECARD_EVENT_KINDS.map((kind) => [kind, 0])) as Record<ScorecardEventKind, number>;

function emptyTotals(): Totals {
  return { trips: 0, distanceM: 0, drivingS: 0, scoreM: 0, scoreSum: 0, events: { ...EMPTY_EVENTS } };
}

function add(into: Totals, group: GroupRow): void {
  into.trips += group.trips;
  into.distanceM += group.distance_m;
  into.drivingS += group.driving_s;
  into.scoreM += group.score_m;
  into.scoreSum += group.score_sum;
}

function scoreOf(totals: Totals): number | null {
  if (totals.trips === 0) return null;
  return Math.round(totals.distanceM > 0 ? totals.scoreM / totals.distanceM : totals.scoreSum / totals.trips);
}

function scorecard(driver: { id: number; name: string }, periods: Totals[]): DriverScorecardDto {
  const shown = periods.at(-1)!;
  const score = scoreOf(shown);
  const trend = periods.slice(0, -1).map(scoreOf);
  const previous = trend.at(-1) ?? null;
  const km = shown.distanceM / 1000;
  const per100km = (count: number) => (km > 0 ? Math.round((count / km) * 1000) / 10 : null);
  const perKind = Object.fromEntries(SCORECARD_EVENT_KINDS.map((kind) => [kind, per100km(shown.events[kind])])) as Record<ScorecardEventKind, number | null>;
  const total = SCORECARD_EVENT_KINDS.reduce((sum, kind) => sum + shown.events[kind], 0);
  return {
    driver,
    rank: null,
    score,
    trips: shown.trips,
    distance_km: Math.round(km * 10) / 10,
    driving_s: Math.round(shown.drivingS),
    events: shown.events,
    events_per_100km: { total: per100km(total), ...perKind },
    trend,
    change: score !== null && previous !== null ? score - previous : null,
  };
}
