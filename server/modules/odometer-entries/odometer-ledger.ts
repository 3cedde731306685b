// Writing an asset's odometer readings under the sequence rule (odometer-sequence.ts). Every change of an asset's
// readings (REST, fuel entries, the poll) runs in a transaction that first takes the asset's lock, so two writes at
// once cannot both pass the check against the same neighbours and break the rule between them.
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import { outOfSequence, placementProblem, removalProblem, type Reading } from "./odometer-sequence";

type Tx = Prisma.TransactionClient;

/** Held until the transaction ends: one change of the asset's readings at a time. */
export async function lockAssetOdometer(tx: Tx, assetId: number): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext('fleetline.odometer'), ${assetId}::int)) AS lock`;
}

const readingSelect = { id: true, readAt: true, valueM: true, isReset: true, source: true } as const;
const toReading = (row: { id: number; readAt: Date; valueM: number; isReset: boolean; source: string } | null): Reading | null =>
  row ? { id: row.id, at: row.readAt.getTime(), valueM: row.valueM, isReset: row.isReset, source: row.source } : null;

/**
 * The readings just before and just after a place in the asset's order (read_at, then id). `id` is the reading's own
 * id when it exists (it is left out); a new reading goes after the readings of the same time.
 */
export async function neighbours(tx: Tx, assetId: number, at: Date, id?: number): Promise<{ before: Reading | null; after: Reading | null }> {
  const self = id ?? 2_147_483_647; // past every id (an int column)
  // one after the other: queries of one transaction share its connection
  const before = await tx.odometerEntry.findFirst({
    where: { assetId, id: { not: self }, OR: [{ readAt: { lt: at } }, { readAt: at, id: { lt: self } }] },
    orderBy: [{ readAt: "desc" }, { id: "desc" }],
    select: readingSelect,
  });
  const after = await tx.odometerEntry.findFirst({
    where: { assetId, id: { not: self }, OR: [{ readAt: { gt: at } }, { readAt: at, id: { gt: self } }] },
    orderBy: [{ readAt: "asc" }, { id: "asc" }],
    select: readingSelect,
  });
  return { before: toReading(before), after: toReading(after) };
}

/** ODOMETER_OUT_OF_SEQUENCE on `field` unless the reading fits between its neighbours at `at` */
export async function checkPlacement(tx: Tx, reading: { assetId: number; id?: number; at: Date; valueM: number; isReset: boolean }, field: string): Promise<void> {
  const { before, after } = await neighbours(tx, reading.assetId, reading.at, reading.id);
  const problem = placementProblem(reading, before, after);
  if (problem) throw outOfSequence(field, problem);
}

/** ODOMETER_RESET_IN_USE when taking the stored reading away (deleting or moving it) would break the rule */
export async function checkRemoval(tx: Tx, reading: { assetId: number; id: number; readAt: Date; isReset: boolean }): Promise<void> {
  if (!reading.isReset) return;
  const { before, after } = await neighbours(tx, reading.assetId, reading.readAt, reading.id);
  const problem = removalProblem(reading, before, after);
  if (problem) throw new AppError("ODOMETER_RESET_IN_USE", `This reading is a reset: ${problem}. Change or delete those readings first.`);
}
