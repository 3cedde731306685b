import type { Metadata } from "next";
import { getNotificationSettings } from "@/server/modules/notification-settings/get-notification-settings";
import { requireAccountPage } from "../../../_lib/account-page";
import { NotificationSettingsCard } from "./notification-settings-card";
import { ProfileClient } from "./profile-client";

export const metadata: Metadata = { title: "Your profile" };

/** Every member reaches their own profile, whatever their role; notification settings are per account. */
export default async function ProfilePage({ params }: { params: Promise<{ accountKey: string }> }) {
  const { accountKey } = await params;
  const { user, account } = await requireAccountPage(accountKey, "profile");
  const settings = await getNotificationSettings({ accountId: account.id, userId: user.id });
  return (
    <>
      <ProfileClient name={user.name} email={user.email} />
      <div className="mt-6">
        <NotificationSettingsCard
          accountKey={account.key}
          initial={settings}
          accountTimeZone={account.timeZone}
          timeZones={timeZoneChoices([account.timeZone, settings.time_zone])}
        />
      </div>
    </>
  );
}

/** the server's own list (every choice passes its validation), with UTC and the zones in use even if aliases */
function timeZoneChoices(inUse: (string | null)[]): string[] {
  return [...new Set(["UTC", ...inUse.filter((zone): zone is string => zone !== null), ...Intl.supportedValuesOf("timeZone")])];
}
