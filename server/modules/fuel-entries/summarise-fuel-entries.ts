// One asset's fuel figures over a date range [from, to): totals of the entries in it, the average consumption and
// cost per km of the intervals closed in it (summarise in fuel-consumption.ts, from the figures stored with each
// entry), and each closed interval as a point of a consumption chart. An asset outside a group-limited member's
// `scope` is ASSET_NOT_FOUND, like one that does not exist.
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { type AssetScope, scopedAssetWhere, wholeFleet } from "../asset-scope/asset-scope";
import { summarise } from "./fuel-consumption";
import { MAX_SUMMARY_ENTRIES, type FuelSummaryDto } from "./fuel-entries.schema";

const ZSummaryInput = z.object({ accountId: z.number().int().positive(), assetId: z.number().int().positive(), from: z.date().optional(), to: z.date().optional() });

export async function summariseFuelEntries(input: z.input<typeof ZSummaryInput> & { scope?: AssetScope; now?: number }): Promise<FuelSummaryDto> {
  const { accountId, assetId, from, to: given } = parseInput(ZSummaryInput, input);
  const to = given ?? new Date(input.now ?? Date.now());
  const asset = await db().asset.findFirst({ where: { AND: [scopedAssetWhere(input.scope ?? wholeFleet(accountId)), { id: assetId, accountId }] }, select: { id: true } });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
  const rows = await db().fuelEntry.findMany({
    where: { assetId, filledAt: { ...(from ? { gte: from } : {}), lt: to } },
    orderBy: [{ filledAt: "desc" }, { id: "desc" }],
    take: MAX_SUMMARY_ENTRIES,
    select: {
      filledAt: true, volumeL: true, total: true, isVoid: true, flags: true, distanceKm: true, intervalDistanceKm: true,
      intervalVolumeL: true, intervalCost: true, lPer100Km: true, costPerKm: true,
    },
  });
  rows.reverse();
  const summary = summarise(rows);
  return {
    asset_id: assetId,
    from: from?.toISOString() ?? null,
    to: to.toISOString(),
    entries: summary.entries,
    void_entries: rows.filter((row) => row.isVoid).length,
    flagged_entries: rows.filter((row) => !row.isVoid && row.flags.length > 0).length,
    volume_l: summary.volumeL,
    cost: summary.cost,
    distance_km: summary.distanceKm,
    l_per_100km: summary.lPer100Km,
    cost_per_km: summary.costPerKm,
    series: rows
      .filter((row) => !row.isVoid && row.lPer100Km !== null)
      .map((row) => ({ filled_at: row.filledAt.toISOString(), l_per_100km: row.lPer100Km!, cost_per_km: row.costPerKm })),
  };
}
