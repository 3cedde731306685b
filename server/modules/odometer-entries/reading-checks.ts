// What every written reading shares: the tracker's odometer at its time with the odometer_mismatch flag, and the
// per-asset cap on readings written by people and integrations (poll and fuel-entry readings do not count).
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import { MAX_MANUAL_READINGS_PER_ASSET } from "./odometer-entries.schema";
import { odometerMismatch, trackerOdometerAt } from "./tracker-check";

export async function trackerFields(assetId: number, at: Date, valueM: number): Promise<{ trackerValueM: number | null; trackerMeter: string | null; flags: string[] }> {
  const tracker = await trackerOdometerAt(assetId, at);
  return {
    trackerValueM: tracker?.valueM ?? null,
    trackerMeter: tracker?.meter ?? null,
    flags: odometerMismatch(valueM, tracker) ? ["odometer_mismatch"] : [],
  };
}

/** QUOTA_EXCEEDED once the asset holds MAX_MANUAL_READINGS_PER_ASSET manual and tracker readings (under its lock) */
export async function checkManualQuota(tx: Prisma.TransactionClient, assetId: number): Promise<void> {
  const count = await tx.odometerEntry.count({ where: { assetId, source: { in: ["manual", "tracker"] } } });
  if (count >= MAX_MANUAL_READINGS_PER_ASSET) {
    throw new AppError(
      "QUOTA_EXCEEDED",
      `An asset can have at most ${MAX_MANUAL_READINGS_PER_ASSET.toLocaleString("en")} manual and tracker odometer readings and this one has ${count.toLocaleString("en")}; delete readings it no longer needs first.`,
    );
  }
}
