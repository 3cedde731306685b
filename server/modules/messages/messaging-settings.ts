// Per-account messaging settings. Today one: the SMS fallback (off by default): a dispatch message the driver's
// page has not received within N minutes goes out by SMS to the driver's phone (sms-fallback-worker.ts).
import { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";

export const ZMessagingSettings = z.object({
  sms_fallback_minutes: z.number({ error: "must be a number of minutes or null" }).int("must be whole minutes").min(1, "must be 1 to 1440 minutes").max(1440, "must be 1 to 1440 minutes").nullable(),
});
export type MessagingSettingsDto = z.output<typeof ZMessagingSettings>;

export async function getMessagingSettings(input: { accountId: number }): Promise<MessagingSettingsDto> {
  const row = await db().messagingSettings.findUnique({ where: { accountId: input.accountId }, select: { smsFallbackMinutes: true } });
  return { sms_fallback_minutes: row?.smsFallbackMinutes ?? null };
}

export async function updateMessagingSettings(input: { accountId: number; settings: unknown }): Promise<MessagingSettingsDto> {
  const settings = parseInput(ZMessagingSettings, input.settings);
  await db().messagingSettings.upsert({
    where: { accountId: input.accountId },
    create: { accountId: input.accountId, smsFallbackMinutes: settings.sms_fallback_minutes },
    update: { smsFallbackMinutes: settings.sms_fallback_minutes },
  });
  return settings;
}
