// The existence check every write that names an account makes first (assets, drivers, geofences, rules, routes):
// a use case never trusts an account id blindly.
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";

/** ACCOUNT_NOT_FOUND unless the account exists. */
export async function ensureAccount(prisma: Prisma.TransactionClient, accountId: number): Promise<void> {
  const account = await prisma.account.findUnique({ where: { id: accountId }, select: { id: true } });
  if (!account) throw new AppError("ACCOUNT_NOT_FOUND", "account not found");
}
