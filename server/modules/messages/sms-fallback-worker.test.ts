// The SMS fallback with a manual clock, on every database kind: off by default; on, a dispatch message not received
// within N minutes goes out by SMS once (read back from the SMS log provider's outbox) and is recorded on the
// message; one received in time, a reply, and a driver without a phone number are not sent.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { env } from "../../env";
import { makeAccount } from "../../testing/http-fixtures";
import { useRecordingHub } from "../../testing/recording-hub";
import { readSmsOutbox } from "../../testing/sms-capture";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { updateMessagingSettings } from "./update-messaging-settings";
import { recordDriverReceipt } from "./record-driver-receipt";
import { sendDriverReply } from "./send-driver-reply";
import { sendMessage } from "./send-message";
import { startSmsFallbackWorker } from "./sms-fallback-worker";

const logger = pino({ level: "silent" });

describe.each(databaseKinds())("SMS fallback on %s", (kind) => {
  const t = useTestDatabase(kind);
  useRecordingHub("private-channel.message");

  it("sends a message the page has not received within N minutes by SMS, once, and records it", async () => {
    const account = await makeAccount();
    const phone = `+3706${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    const anna = await t.db.driver.create({ data: { accountId: account.id, name: "Anna", phone } });
    const nophone = await t.db.driver.create({ data: { accountId: account.id, name: "No phone" } });
    const start = new Date("2026-11-27T08:00:00Z");
    let clock = start.getTime();
    const worker = startSmsFallbackWorker({ logger, autostart: false, now: () => clock });
    try {
      const [late] = await sendMessage({ accountId: account.id, senderUserId: null, request: { driver_id: anna.id, body: "Call the depot" }, now: start });
      const [received] = await sendMessage({ accountId: account.id, senderUserId: null, request: { driver_id: anna.id, body: "Seen in time" }, now: start });
      await recordDriverReceipt({ accountId: account.id, driverId: anna.id, upToId: received!.id, status: "delivered", now: start });
      // only `late` is undelivered now (the receipt covered both ids up to `received`): send it after the receipt
      await t.db.driverMessage.update({ where: { id: late!.id }, data: { status: "sent", deliveredAt: null } });
      const [unreachable] = await sendMessage({ accountId: account.id, senderUserId: null, request: { driver_id: nophone.id, body: "x" }, now: start });
      await sendDriverReply({ accountId: account.id, driverId: anna.id, reply: { body: "reply" }, now: start });

      clock = start.getTime() + 60 * 60_000;
      expect(await worker.drain()).toBe(0); // off by default
      await updateMessagingSettings({ accountId: account.id, settings: { sms_fallback_minutes: 5 } });
      clock = start.getTime() + 4 * 60_000;
      expect(await worker.drain()).toBe(0); // not yet due
      clock = start.getTime() + 5 * 60_000;
      expect(await worker.drain()).toBe(1);
      expect(await worker.drain()).toBe(0); // once

      const texts = (await readSmsOutbox(env().DATA_DIR)).filter((m) => m.to === phone);
      expect(texts.map((m) => m.text)).toEqual([`${account.name}: Call the depot\nReply: ${env().PUBLIC_URL}/d/${account.key}`]);
      const rows = await t.db.driverMessage.findMany({ where: { accountId: account.id }, orderBy: { id: "asc" }, select: { id: true, status: true, smsFallbackAt: true, smsFallbackError: true } });
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(late!.id)).toMatchObject({ status: "sent", smsFallbackAt: new Date(start.getTime() + 5 * 60_000), smsFallbackError: null });
      expect(byId.get(received!.id)).toMatchObject({ status: "delivered", smsFallbackAt: null });
      expect(byId.get(unreachable!.id)).toMatchObject({ smsFallbackAt: null, smsFallbackError: "the driver has no phone number in international form" });
      expect(rows.filter((row) => row.smsFallbackAt !== null)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});
