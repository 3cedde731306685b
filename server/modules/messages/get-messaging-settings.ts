// The account's messaging settings; an account that never saved any has the defaults (no SMS fallback).
import { db } from "../../db/client";
import type { MessagingSettingsDto } from "./messaging-settings.schema";

export async function getMessagingSettings(input: { accountId: number }): Promise<MessagingSettingsDto> {
  const row = await db().messagingSettings.findUnique({ where: { accountId: input.accountId }, select: { smsFallbackMinutes: true } });
  return { sms_fallback_minutes: row?.smsFallbackMinutes ?? null };
}
