// Deletes a renewal reminder. A group-limited member (`scope`) deletes only those of their assets: another asset's is
// not found, a driver's is refused (renewal-scope.ts).
import { db } from "../../db/client";
import { type AssetScope, wholeFleet } from "../asset-scope/asset-scope";
import { renewalNotFound } from "./reminders.schema";
import { assertDriverRenewalWritable, scopedRenewalWhere } from "./renewal-scope";

export async function deleteRenewalReminder(input: { accountId: number; renewalId: number; scope?: AssetScope }): Promise<void> {
  const scope = input.scope ?? wholeFleet(input.accountId);
  const found = await db().renewalReminder.findFirst({ where: { id: input.renewalId, accountId: input.accountId, ...scopedRenewalWhere(scope) }, select: { driverId: true } });
  if (!found) throw renewalNotFound(input.renewalId);
  assertDriverRenewalWritable(scope, found.driverId);
  const { count } = await db().renewalReminder.deleteMany({ where: { id: input.renewalId, accountId: input.accountId } });
  if (count === 0) throw renewalNotFound(input.renewalId);
}
