// Replaces one member's notification settings and preference rows in an account with the document given (PUT
// semantics: a field left out takes its default, the rows sent are all the rows kept, so a type turned off by an
// unsubscribe link comes back on when its row is left out). One transaction, so the worker never sees half of it.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { assertMember, getNotificationSettings } from "./get-notification-settings";
import { memberKey } from "./member-key";
import { type NotificationSettingsDto, ZNotificationSettingsBody } from "./notification-settings.schema";

export async function replaceNotificationSettings({ accountId, userId, body }: { accountId: number; userId: number; body: unknown }): Promise<NotificationSettingsDto> {
  await assertMember(accountId, userId);
  const input = parseInput(ZNotificationSettingsBody, body);
  const settings = { phone: input.phone, timeZone: input.time_zone, quietStart: input.quiet_start, quietEnd: input.quiet_end, digest: input.digest };
  const recipientKey = memberKey(userId);
  await db().$transaction(async (tx) => {
    await tx.notificationSettings.upsert({
      where: { accountId_userId: { accountId, userId } },
      create: { accountId, userId, ...settings },
      update: settings,
    });
    await tx.notificationPreference.deleteMany({ where: { accountId, recipientKey } });
    if (input.preferences.length > 0) {
      await tx.notificationPreference.createMany({
        data: input.preferences.map((row) => ({ accountId, recipientKey, alertType: row.alert_type, channel: row.channel, enabled: row.enabled })),
      });
    }
  });
  return getNotificationSettings({ accountId, userId });
}
