// The messaging use cases on every database kind: who "the current driver" of a vehicle is (iButton key, today's
// run, the route), receipts that only move forward, driver replies (free text and canned) and who at dispatch hears
// of them, dispatch reading a conversation, canned replies and the SMS fallback setting.
import { describe, expect, it } from "vitest";
import { makeAccount, makeAsset, makeMember } from "../../testing/http-fixtures";
import { useRecordingHub } from "../../testing/recording-hub";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { listCannedReplies } from "./list-canned-replies";
import { replaceCannedReplies } from "./replace-canned-replies";
import { findCurrentDriver } from "./find-current-driver";
import { listMessages } from "./list-messages";
import { markRepliesRead } from "./mark-replies-read";
import { getMessagingSettings } from "./get-messaging-settings";
import { updateMessagingSettings } from "./update-messaging-settings";
import { dispatchRecipients } from "./notify-dispatch";
import { recordDriverReceipt } from "./record-driver-receipt";
import { sendDriverReply } from "./send-driver-reply";
import { sendMessage } from "./send-message";

describe.each(databaseKinds())("messaging use cases on %s", (kind) => {
  const t = useTestDatabase(kind);
  useRecordingHub("private-channel.message");

  async function setup() {
    const account = await makeAccount();
    const anna = await t.db.driver.create({ data: { accountId: account.id, name: "Anna", phone: "+37060000001" } });
    const ben = await t.db.driver.create({ data: { accountId: account.id, name: "Ben" } });
    const van = await makeAsset(account.id, "Van");
    return { account, anna, ben, van };
  }

  it("finds a vehicle's current driver by its iButton key, then today's run, then its one route", async () => {
    const { account, anna, ben, van } = await setup();
    const now = new Date("2026-11-27T10:00:00Z");
    expect(await findCurrentDriver({ accountId: account.id, assetId: van.id, now })).toBeNull();

    const route = await t.db.route.create({ data: { accountId: account.id, routeNumber: "R1", assetId: van.id, driverId: anna.id } });
    expect(await findCurrentDriver({ accountId: account.id, assetId: van.id, now })).toBe(anna.id);

    // today's run (UTC account) with another driver wins over the route's default
    await t.db.run.create({ data: { accountId: account.id, routeId: route.id, date: "2026-11-27", startMinute: 9 * 60, driverId: ben.id } });
    expect(await findCurrentDriver({ accountId: account.id, assetId: van.id, now })).toBe(ben.id);

    // the key in the newest position, named by the authorised-driver list, wins over both
    await t.db.authorisedDriver.create({ data: { accountId: account.id, assetId: van.id, keyId: "00000000ABCDEF01", driverId: anna.id, position: 0 } });
    await t.db.assetState.create({
      data: { assetId: van.id, positionId: 1n, fixTime: now, receivedAt: now, wsSeq: 1n, payload: { driverId: "00000000abcdef01" } },
    });
    expect(await findCurrentDriver({ accountId: account.id, assetId: van.id, now })).toBe(anna.id);
  });

  it("receipts move a dispatch message forward only, and a driver's replies reach dispatch", async () => {
    const { account, anna } = await setup();
    const dispatcher = await makeMember(account.id, "fleet_manager");
    const [first] = await sendMessage({ accountId: account.id, senderUserId: dispatcher.id, request: { driver_id: anna.id, body: "One" } });
    const [second] = await sendMessage({ accountId: account.id, senderUserId: dispatcher.id, request: { driver_id: anna.id, body: "Two" } });

    const at1 = new Date("2026-11-27T10:00:00Z");
    expect(await recordDriverReceipt({ accountId: account.id, driverId: anna.id, upToId: first!.id, status: "read", now: at1 })).toBe(1);
    expect(await recordDriverReceipt({ accountId: account.id, driverId: anna.id, upToId: second!.id, status: "delivered", now: new Date("2026-11-27T10:01:00Z") })).toBe(1);
    const page = await listMessages({ accountId: account.id, driverId: anna.id });
    expect(page.data.map((m) => [m.body, m.status, m.delivered_at, m.read_at])).toEqual([
      ["Two", "delivered", "2026-11-27T10:01:00.000Z", null],
      ["One", "read", at1.toISOString(), at1.toISOString()],
    ]);
    // another driver's id range is not touched
    expect(await recordDriverReceipt({ accountId: account.id, driverId: anna.id + 1000, upToId: second!.id, status: "read" })).toBe(0);

    await replaceCannedReplies({ accountId: account.id, replies: [{ key: "on-my-way", text: "On my way" }, { key: "late", text: "Running late" }] });
    expect(await listCannedReplies({ accountId: account.id })).toEqual([{ key: "on-my-way", text: "On my way" }, { key: "late", text: "Running late" }]);
    const canned = await sendDriverReply({ accountId: account.id, driverId: anna.id, reply: { canned_reply_key: "late" } });
    expect(canned).toMatchObject({ direction: "from_driver", body: "Running late", canned_reply_key: "late", status: "delivered" });
    const free = await sendDriverReply({ accountId: account.id, driverId: anna.id, reply: { body: "Flat tyre" } });
    expect(free).toMatchObject({ body: "Flat tyre", canned_reply_key: null });
    await expect(sendDriverReply({ accountId: account.id, driverId: anna.id, reply: { canned_reply_key: "nope" } })).rejects.toMatchObject({ code: "CANNED_REPLY_NOT_FOUND" });
    await expect(sendDriverReply({ accountId: account.id, driverId: anna.id, reply: { body: "" } })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });

    // the member who last wrote to her hears of it; dispatch opening the conversation reads both replies
    expect(await dispatchRecipients({ accountId: account.id, driverId: anna.id })).toEqual([dispatcher.id]);
    const inbox = await t.db.inboxNotification.findMany({ where: { accountId: account.id }, orderBy: { id: "asc" } });
    expect(inbox.map((n) => [n.userId, n.kind, n.title, n.body, n.link])).toEqual([
      [dispatcher.id, "driver_message", "Message from Anna", "Running late", `/a/${account.key}/messages?driver=${anna.id}`],
      [dispatcher.id, "driver_message", "Message from Anna", "Flat tyre", `/a/${account.key}/messages?driver=${anna.id}`],
    ]);
    expect(await markRepliesRead({ accountId: account.id, driverId: anna.id })).toBe(2);
    expect(await markRepliesRead({ accountId: account.id, driverId: anna.id })).toBe(0);
  });

  it("without a sender, every member who may send messages hears of a reply", async () => {
    const { account, ben } = await setup();
    const office = await makeMember(account.id, "office_staff");
    await makeMember(account.id, "viewer");
    expect((await dispatchRecipients({ accountId: account.id, driverId: ben.id })).sort((a, b) => a - b)).toEqual([account.adminId, office.id].sort((a, b) => a - b));
  });

  it("keeps canned replies valid and the SMS fallback off by default", async () => {
    const { account } = await setup();
    await expect(replaceCannedReplies({ accountId: account.id, replies: [{ key: "a", text: "x" }, { key: "a", text: "y" }] })).rejects.toMatchObject({
      errors: [{ field: "replies.1.key", message: "is used twice" }],
    });
    await expect(replaceCannedReplies({ accountId: account.id, replies: [{ key: "Bad Key", text: "x" }] })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await getMessagingSettings({ accountId: account.id })).toEqual({ sms_fallback_minutes: null });
    expect(await updateMessagingSettings({ accountId: account.id, settings: { sms_fallback_minutes: 5 } })).toEqual({ sms_fallback_minutes: 5 });
    expect(await getMessagingSettings({ accountId: account.id })).toEqual({ sms_fallback_minutes: 5 });
    await expect(updateMessagingSettings({ accountId: account.id, settings: { sms_fallback_minutes: 0 } })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });
});
