// Per-account messaging settings. Today one: the SMS fallback (off by default): a dispatch message the driver's
// page has not received within N minutes goes out by SMS to the driver's phone (sms-fallback-worker.ts).
import { z } from "zod";

export const ZMessagingSettings = z.object({
  sms_fallback_minutes: z.number({ error: "must be a number of minutes or null" }).int("must be whole minutes").min(1, "must be 1 to 1440 minutes").max(1440, "must be 1 to 1440 minutes").nullable(),
});
export type MessagingSettingsDto = z.output<typeof ZMessagingSettings>;
