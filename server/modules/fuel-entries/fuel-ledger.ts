// What creating and replacing a fuel entry share: the body read into a row (amounts completed, the tracker check
// made), its odometer reading written under the sequence rule, and the asset's consumption figures recomputed
// (fuel-consumption.ts) inside the same transaction, under the asset's odometer lock.
import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { type AssetScope, assertAssetVisible, wholeFleet } from "../asset-scope/asset-scope";
import { checkNotFuture, unknownAsset } from "../odometer-entries/odometer-entries.schema";
import { checkPlacement } from "../odometer-entries/odometer-ledger";
import { fillNotSeen, fuelLevelRiseAround, odometerMismatch, trackerOdometerAt } from "../odometer-entries/tracker-check";
import { fillAmounts, fuelFigures } from "./fuel-consumption";
import { type FuelRow, ZFuelEntryBody } from "./fuel-entries.schema";

type Tx = Prisma.TransactionClient;

/** the stored columns of an entry that its body and the tracker check decide (the rest are computed or set by the database) */
type FuelWriteColumns =
  | "filledAt" | "odometerM" | "volumeL" | "pricePerUnit" | "total" | "vendor" | "fuelType" | "partial" | "resetUsage" | "isVoid" | "note"
  | "trackerValueM" | "trackerMeter" | "fuelRise" | "fuelRiseUnit" | "flags";

export interface FuelWrite {
  assetId: number;
  odometerReset: boolean;
  data: Pick<FuelRow, FuelWriteColumns>;
}

/**
 * the body as a row to write, with the tracker's view of it; VALIDATION_FAILED for bad fields and amounts. For a
 * group-limited member an asset_id outside their groups is 404 ASSET_NOT_FOUND, as is one that does not exist (the
 * answer of every scoped surface, so ids cannot be probed); for the whole fleet an unknown one is a field error.
 */
export async function readFuelBody(accountId: number, body: unknown, now: number, scope: AssetScope = wholeFleet(accountId)): Promise<FuelWrite> {
  const input = parseInput(ZFuelEntryBody, body);
  const filledAt = new Date(input.filled_at);
  checkNotFuture("filled_at", filledAt, now);
  const amounts = fillAmounts({ volumeL: input.volume_l, pricePerUnit: input.price_per_unit ?? null, total: input.total ?? null });
  if (amounts.problem) {
    throw new AppError("VALIDATION_FAILED", `${amounts.problem.field}: ${amounts.problem.message}`, [amounts.problem]);
  }
  await assertAssetVisible(scope, input.asset_id);
  const asset = await db().asset.findFirst({ where: { id: input.asset_id, accountId }, select: { id: true } });
  if (!asset) throw unknownAsset();
  const odometerM = Math.round(input.odometer_km * 1000);
  const tracker = await trackerOdometerAt(asset.id, filledAt);
  const rise = await fuelLevelRiseAround(asset.id, filledAt);
  const flags: string[] = [];
  if (odometerMismatch(odometerM, tracker)) flags.push("odometer_mismatch");
  if (fillNotSeen(input.volume_l, rise)) flags.push("fill_not_seen");
  return {
    assetId: asset.id,
    odometerReset: input.odometer_reset ?? false,
    data: {
      filledAt,
      odometerM,
      volumeL: input.volume_l,
      pricePerUnit: amounts.pricePerUnit,
      total: amounts.total,
      vendor: input.vendor ?? null,
      fuelType: input.fuel_type ?? null,
      partial: input.partial ?? false,
      resetUsage: input.reset_usage ?? false,
      isVoid: input.void ?? false,
      note: input.note ?? null,
      trackerValueM: tracker?.valueM ?? null,
      trackerMeter: tracker?.meter ?? null,
      fuelRise: rise?.value ?? null,
      fuelRiseUnit: rise?.unit ?? null,
      flags,
    },
  };
}

/** the fuel entry's odometer reading (none when void), under the sequence rule; the old one must be gone already */
export async function writeFuelReading(tx: Tx, accountId: number, fuelEntryId: number, write: FuelWrite): Promise<void> {
  if (write.data.isVoid) return;
  const reading = { assetId: write.assetId, at: write.data.filledAt, valueM: write.data.odometerM, isReset: write.odometerReset };
  await checkPlacement(tx, reading, "odometer_km");
  await tx.odometerEntry.create({
    data: {
      accountId,
      assetId: write.assetId,
      readAt: write.data.filledAt,
      valueM: write.data.odometerM,
      source: "fuel_entry",
      isReset: write.odometerReset,
      fuelEntryId,
      trackerValueM: write.data.trackerValueM,
      trackerMeter: write.data.trackerMeter,
      flags: write.data.flags.filter((flag) => flag === "odometer_mismatch"),
    },
  });
}

/** recomputes the asset's consumption figures and stores those that changed */
export async function recomputeFuelFigures(tx: Tx, assetId: number): Promise<void> {
  const rows = await tx.fuelEntry.findMany({
    where: { assetId },
    select: {
      id: true, filledAt: true, odometerM: true, volumeL: true, total: true, partial: true, resetUsage: true, isVoid: true,
      distanceKm: true, intervalDistanceKm: true, intervalVolumeL: true, intervalCost: true, lPer100Km: true, costPerKm: true,
    },
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const figures = fuelFigures(rows.map((row) => ({ ...row, at: row.filledAt.getTime(), odometerKm: row.odometerM / 1000 })));
  for (const { id, ...next } of figures) {
    const row = byId.get(id)!;
    const changed = (Object.keys(next) as Array<keyof typeof next>).some((key) => row[key] !== next[key]);
    if (changed) await tx.fuelEntry.update({ where: { id }, data: next });
  }
}

/** QUOTA_EXCEEDED once the asset holds MAX_FUEL_ENTRIES_PER_ASSET entries (under its lock) */
export async function checkFuelQuota(tx: Tx, assetId: number, max: number): Promise<void> {
  const count = await tx.fuelEntry.count({ where: { assetId } });
  if (count >= max) {
    throw new AppError(
      "QUOTA_EXCEEDED",
      `An asset can have at most ${max.toLocaleString("en")} fuel entries and this one has ${count.toLocaleString("en")}; delete entries it no longer needs first.`,
    );
  }
}
