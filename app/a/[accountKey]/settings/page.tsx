import type { Metadata } from "next";
import { NoAccess } from "../../../_components/no-access";
import { requireAccountPage } from "../../../_lib/account-page";
import { SettingsClient } from "./settings-client";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const page = await requireAccountPage(accountKey, "settings");
  if (!page.can("account.manage")) return <NoAccess title="Settings" />;
  const { account } = page;
  return (
    <SettingsClient
      accountKey={account.key}
      initial={{
        name: account.name,
        brandingLogoUrl: account.brandingLogoUrl ?? "",
        brandingPrimaryColor: account.brandingPrimaryColor ?? "",
        brandingCompanyName: account.brandingCompanyName ?? "",
        contactName: account.contactName ?? "",
        contactEmail: account.contactEmail ?? "",
        contactPhone: account.contactPhone ?? "",
        timeZone: account.timeZone,
        historyRetentionDays: account.historyRetentionDays === null ? "" : String(account.historyRetentionDays),
        photoKeepLocation: account.photoKeepLocation,
      }}
      timeZones={timeZoneChoices(account.timeZone)}
    />
  );
}

/**
 * The zones to choose from: the server's own list, so every choice passes its validation (a browser's list can
 * differ), with UTC first (the default, which the list leaves out) and the current zone even if it is an alias.
 */
function timeZoneChoices(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return [...new Set(["UTC", current, ...zones])];
}
