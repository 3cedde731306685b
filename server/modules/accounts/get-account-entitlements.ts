// An account's plan and add-ons as they are now (the live stream re-grants its open connections with them when the
// account changes); null when the account no longer exists.
import { db } from "../../db/client";
import { entitlementSelect, type AccountEntitlements } from "./accounts.schema";

export async function getAccountEntitlements(accountId: number): Promise<AccountEntitlements | null> {
  return db().account.findUnique({ where: { id: accountId }, select: entitlementSelect });
}
