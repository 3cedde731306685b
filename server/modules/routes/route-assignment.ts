// The vehicle and driver a route (or a run) is given must be the account's own. Another account's id is answered
// as ASSET_NOT_FOUND / DRIVER_NOT_FOUND, exactly like an id that does not exist, and said under the form's field.
import type { Prisma } from "../../generated/prisma/client";
import { AppError, type FieldError } from "../../errors";

export async function ensureAssignment(
  tx: Prisma.TransactionClient,
  accountId: number,
  choice: { assetId?: number | null; driverId?: number | null },
): Promise<void> {
  const errors: FieldError[] = [];
  if (choice.assetId && !(await tx.asset.findFirst({ where: { id: choice.assetId, accountId }, select: { id: true } }))) {
    errors.push({ field: "assetId", message: "is not a vehicle of this account" });
  }
  if (choice.driverId && !(await tx.driver.findFirst({ where: { id: choice.driverId, accountId }, select: { id: true } }))) {
    errors.push({ field: "driverId", message: "is not a driver of this account" });
  }
  if (errors.length === 0) return;
  const code = errors[0]!.field === "assetId" ? "ASSET_NOT_FOUND" : "DRIVER_NOT_FOUND";
  throw new AppError(code, errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}
