// Reports read day rollups only after this: every rollup of the asked assets and days that is stale (dirty, or
// claimed and never written) is recomputed first, so a report is exact even when the rollup worker is behind.
import { Prisma } from "../../../generated/prisma/client";
import { db } from "../../../db/client";
import { recomputeAssetDay } from "./recompute-asset-day";

/** recomputes at most this many asset-days at once (each reads one day of positions) */
const PARALLEL = 4;

export interface StaleDay {
  asset_id: number;
  day: string;
}

/** the stale rollups of some assets between two local days (inclusive) */
export async function findStaleDays(input: { assetIds: number[]; firstDay: string; lastDay: string }): Promise<StaleDay[]> {
  if (input.assetIds.length === 0) return [];
  return db().$queryRaw<StaleDay[]>`
    SELECT asset_id, day::text AS day FROM asset_days
    WHERE asset_id IN (${Prisma.join(input.assetIds)}) AND day >= ${input.firstDay}::date AND day <= ${input.lastDay}::date
      AND (dirty OR computed_version <> version)
    ORDER BY asset_id, day`;
}

/** recomputes the given days, a few at a time; resolves with how many were recomputed */
export async function recomputeDays(days: StaleDay[], timeZone: string): Promise<number> {
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < days.length) {
      const day = days[next++]!;
      if (await recomputeAssetDay({ assetId: day.asset_id, day: day.day, timeZone })) done++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, days.length) }, lane));
  return done;
}

export async function ensureDaysCurrent(input: {
  assetIds: number[];
  firstDay: string;
  lastDay: string;
  timeZone: string;
}): Promise<number> {
  let recomputed = 0;
  // a recompute may mark a neighbouring day of the range stale (its first or last fix changed): a second round
  // takes it; more rounds only happen while records keep arriving, and the report is as exact as the last round
  for (let round = 0; round < 3; round++) {
    const stale = await findStaleDays(input);
    if (stale.length === 0) break;
    recomputed += await recomputeDays(stale, input.timeZone);
  }
  return recomputed;
}
