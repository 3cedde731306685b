// One member's notification settings in an account as the document REST and the dashboard edit. A user who is not
// a member of the account is USER_NOT_FOUND, like one that does not exist. Rows the document cannot hold (a type or
// channel no longer known) are left out, so what GET answers can be sent back with PUT as it is.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { DIGESTS, type Digest, isPreferenceChannel, isPreferenceType, type NotificationSettingsDto } from "./notification-settings.schema";
import { memberKey } from "./member-key";

export async function getNotificationSettings({ accountId, userId }: { accountId: number; userId: number }): Promise<NotificationSettingsDto> {
  await assertMember(accountId, userId);
  const prisma = db();
  const [settings, rows] = await Promise.all([
    prisma.notificationSettings.findUnique({
      where: { accountId_userId: { accountId, userId } },
      select: { phone: true, timeZone: true, quietStart: true, quietEnd: true, digest: true },
    }),
    prisma.notificationPreference.findMany({
      where: { accountId, recipientKey: memberKey(userId) },
      select: { alertType: true, channel: true, enabled: true },
      orderBy: [{ alertType: "asc" }, { channel: "asc" }],
    }),
  ]);
  const preferences: NotificationSettingsDto["preferences"] = [];
  for (const row of rows) {
    if (isPreferenceType(row.alertType) && isPreferenceChannel(row.channel)) {
      preferences.push({ alert_type: row.alertType, channel: row.channel, enabled: row.enabled });
    }
  }
  return {
    phone: settings?.phone ?? null,
    time_zone: settings?.timeZone ?? null,
    quiet_start: settings?.quietStart ?? null,
    quiet_end: settings?.quietEnd ?? null,
    digest: (DIGESTS as readonly string[]).includes(settings?.digest ?? "") ? (settings!.digest as Digest) : "off",
    preferences,
  };
}

/** USER_NOT_FOUND unless `userId` is a member of the account */
export async function assertMember(accountId: number, userId: number): Promise<void> {
  const member = Number.isSafeInteger(userId)
    ? await db().membership.findFirst({ where: { accountId, userId }, select: { userId: true } })
    : null;
  if (!member) throw new AppError("USER_NOT_FOUND", "No member of this account has that user id.");
}
