// What the link components need to know about the account, built once by the server page (Links page, asset
// page): its key, its time zone (schedules and every time in the form are in it), whether the viewer may manage
// links, and the account-wide branding a link falls back to (the form shows it as placeholders).
import type { Account } from "@/server/modules/accounts/accounts.schema";
import type { BrandingValues } from "./link-form-values";

export interface LinkAccount {
  key: string;
  timeZone: string;
  canManage: boolean;
  defaults: BrandingValues;
}

export function linkAccount(account: Account, canManage: boolean): LinkAccount {
  return {
    key: account.key,
    timeZone: account.timeZone,
    canManage,
    defaults: {
      companyName: account.brandingCompanyName ?? "",
      logoUrl: account.brandingLogoUrl ?? "",
      primaryColor: account.brandingPrimaryColor ?? "",
      contactName: account.contactName ?? "",
      contactEmail: account.contactEmail ?? "",
      contactPhone: account.contactPhone ?? "",
    },
  };
}
