// Saves the account's messaging settings, validated (422 with field errors).
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { type MessagingSettingsDto, ZMessagingSettings } from "./messaging-settings.schema";

export async function updateMessagingSettings(input: { accountId: number; settings: unknown }): Promise<MessagingSettingsDto> {
  const settings = parseInput(ZMessagingSettings, input.settings);
  await db().messagingSettings.upsert({
    where: { accountId: input.accountId },
    create: { accountId: input.accountId, smsFallbackMinutes: settings.sms_fallback_minutes },
    update: { smsFallbackMinutes: settings.sms_fallback_minutes },
  });
  return settings;
}
