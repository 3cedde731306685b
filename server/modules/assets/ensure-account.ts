import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";

/** ACCOUNT_NOT_FOUND unless the account exists (asset writes name the account, never trust it blindly). */
export async function ensureAccount(prisma: Prisma.TransactionClient, accountId: number): Promise<void> {
  const account = await prisma.account.findUnique({ where: { id: accountId }, select: { id: true } });
  if (!account) throw new AppError("ACCOUNT_NOT_FOUND", "account not found");
}

export function imeiTaken(imei: string): AppError {
  return new AppError("IMEI_TAKEN", `IMEI ${imei} is already fitted to another asset`, [
    { field: "imei", message: "already in use" },
  ]);
}
