// Which renewal reminders a group-limited member sees and changes (docs/fleet-records.md "Groups as scopes"). An
// asset's renewals follow the asset: only those of the member's assets. A driver's follow the driver, as drivers are
// treated for such a member everywhere else: drivers belong to no group and every member reads them (the driver list,
// a tag's drivers, a message to a driver by id), while changing drivers is account-wide work (imports.manage, which a
// limited member never holds). So a limited member reads every driver's renewals and is refused (403 FORBIDDEN)
// creating, replacing or deleting one.
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import { type AssetScope, isLimited, scopedAssetWhere } from "../asset-scope/asset-scope";

/** a where clause on renewal reminders: those the scope sees (all for the whole fleet) */
export function scopedRenewalWhere(scope: AssetScope): Prisma.RenewalReminderWhereInput {
  if (!isLimited(scope)) return {};
  return { AND: [{ OR: [{ assetId: null }, { asset: { is: scopedAssetWhere(scope) } }] }] };
}

/** FORBIDDEN when a limited member would create, change or delete a driver's renewal reminder */
export function assertDriverRenewalWritable(scope: AssetScope, driverId: number | null | undefined): void {
  if (driverId == null || !isLimited(scope)) return;
  throw new AppError("FORBIDDEN", "Your access is limited to some groups: a driver's renewal reminders are changed by members who see the whole fleet.");
}
