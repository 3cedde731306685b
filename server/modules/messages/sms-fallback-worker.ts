// The SMS fallback (docs/messaging.md "SMS fallback"): in accounts that turned it on (MessagingSettings, N minutes),
// a dispatch message the driver's page has not received (still queued or sent) N minutes after it was written goes
// out by SMS to the driver's phone, once. The claim is a compare-and-set on sms_fallback_at, so two nodes never
// both send; a message that could not go out (no phone number, the provider refused) keeps the reason in
// sms_fallback_error and is not tried again. The message itself stays "sent": an SMS brings no receipt.
import type { Logger } from "pino";
import { db } from "../../db/client";
import { env } from "../../env";
import { startPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import { smsProvider } from "../../sms/sms-provider";
import { messageSelect, toMessageDto } from "./messages.schema";
import { publishMessage } from "./publish-message";

export const SMS_FALLBACK_POLL_MS = 30_000;
/** messages sent per pass and account, so one account's broadcast cannot hold the worker for long */
const BATCH = 100;

export function startSmsFallbackWorker(options: { logger: Logger; pollMs?: number; autostart?: boolean; now?: () => number }): PollingWorker {
  const now = options.now ?? Date.now;
  return startPollingWorker({
    name: "SMS fallback",
    logger: options.logger,
    pollMs: options.pollMs ?? SMS_FALLBACK_POLL_MS,
    autostart: options.autostart,
    pass: async (stopping) => {
      let done = 0;
      const accounts = await db().messagingSettings.findMany({ where: { smsFallbackMinutes: { not: null } }, select: { accountId: true, smsFallbackMinutes: true } });
      for (const { accountId, smsFallbackMinutes } of accounts) {
        if (stopping()) break;
        done += await fallBackInAccount({ accountId, minutes: smsFallbackMinutes!, now: now(), logger: options.logger });
      }
      return done;
    },
  });
}

async function fallBackInAccount(input: { accountId: number; minutes: number; now: number; logger: Logger }): Promise<number> {
  const { accountId, now } = input;
  const due = await db().driverMessage.findMany({
    where: {
      accountId,
      direction: "to_driver",
      status: { in: ["queued", "sent"] },
      smsFallbackAt: null,
      smsFallbackError: null,
      createdAt: { lte: new Date(now - input.minutes * 60_000) },
    },
    select: { id: true, body: true, driver: { select: { phone: true } }, account: { select: { key: true, name: true } } },
    orderBy: { id: "asc" },
    take: BATCH,
  });
  let sent = 0;
  for (const message of due) {
    const at = new Date(now);
    const claimed = await db().driverMessage.updateMany({ where: { id: message.id, smsFallbackAt: null, smsFallbackError: null }, data: { smsFallbackAt: at } });
    if (claimed.count !== 1) continue;
    const phone = message.driver.phone;
    let error: string | null = null;
    if (!phone || !phone.startsWith("+")) {
      error = "the driver has no phone number in international form";
    } else {
      try {
        await smsProvider().send(phone, `${message.account.name}: ${message.body}\nReply: ${env().PUBLIC_URL}/d/${message.account.key}`);
        sent++;
      } catch (failure) {
        input.logger.warn({ err: failure, messageId: message.id }, "SMS fallback could not be sent");
        error = failure instanceof Error ? failure.message.slice(0, 300) : "the SMS provider refused the message";
      }
    }
    if (error) await db().driverMessage.update({ where: { id: message.id }, data: { smsFallbackAt: null, smsFallbackError: error } });
    const row = await db().driverMessage.findUniqueOrThrow({ where: { id: message.id }, select: messageSelect });
    await publishMessage(toMessageDto(row));
  }
  return sent;
}
