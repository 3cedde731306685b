// PUT of an odometer reading: time, value, source, reset mark and note replaced as a whole, under the sequence rule
// at its new place (and, for a reset, at its old one: taking it away must not leave later readings lower than
// earlier ones). Readings the server wrote are not edited here: a fuel_entry reading follows its fuel entry and a
// poll reading can only be deleted (409 CONFLICT). A reading of an asset outside a group-limited member's `scope` is
// not found.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import {
  checkNotFuture,
  odometerEntryNotFound,
  odometerSelect,
  toOdometerEntryDto,
  ZOdometerEntryBody,
  ZOdometerEntryRef,
  type OdometerEntryDto,
} from "./odometer-entries.schema";
import { checkPlacement, checkRemoval, lockAssetOdometer } from "./odometer-ledger";
import { trackerFields } from "./reading-checks";

export async function replaceOdometerEntry(input: { accountId: number; entryId: number; body: unknown; scope?: AssetScope; now?: number }): Promise<OdometerEntryDto> {
  const { accountId, entryId } = parseInput(ZOdometerEntryRef, input);
  const body = parseInput(ZOdometerEntryBody, input.body);
  const readAt = new Date(body.read_at);
  checkNotFuture("read_at", readAt, input.now ?? Date.now());
  const valueM = Math.round(body.value_km * 1000);
  const isReset = body.is_reset ?? false;
  const stored = await db().odometerEntry.findFirst({ where: { id: entryId, accountId, ...scopedAssetRelation(input.scope ?? wholeFleet(accountId)) }, select: { assetId: true } });
  if (!stored) throw odometerEntryNotFound(entryId);
  if (body.asset_id !== stored.assetId) {
    throw new AppError("VALIDATION_FAILED", "asset_id: a reading stays with its asset", [{ field: "asset_id", message: "a reading stays with its asset; delete it and record it for the other asset" }]);
  }
  const tracker = await trackerFields(stored.assetId, readAt, valueM);
  const row = await db().$transaction(async (tx) => {
    await lockAssetOdometer(tx, stored.assetId);
    const current = await tx.odometerEntry.findFirst({ where: { id: entryId, accountId }, select: { id: true, assetId: true, readAt: true, isReset: true, source: true, fuelEntryId: true } });
    if (!current) throw odometerEntryNotFound(entryId);
    refuseServerReading(current);
    await checkRemoval(tx, current);
    await checkPlacement(tx, { assetId: current.assetId, id: current.id, at: readAt, valueM, isReset }, "value_km");
    return tx.odometerEntry.update({
      where: { id: entryId },
      data: { readAt, valueM, isReset, source: body.source ?? "manual", note: body.note ?? null, ...tracker },
      select: odometerSelect,
    });
  });
  return toOdometerEntryDto(row);
}

/** 409 for readings the server wrote (fuel_entry: change the fuel entry; poll: only deleted) */
export function refuseServerReading(reading: { source: string; fuelEntryId: number | null }, deleting = false): void {
  if (reading.source === "fuel_entry") {
    throw new AppError("CONFLICT", `This reading belongs to fuel entry ${reading.fuelEntryId}: change, void or delete that fuel entry instead.`);
  }
  if (reading.source === "poll" && !deleting) throw new AppError("CONFLICT", "Poll readings are taken from the tracker: they can be deleted, not edited.");
}
