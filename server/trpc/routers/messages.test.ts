// The dashboard's messages router on every database kind: dispatch roles send and open conversations (the driver's
// replies become read), viewers read but cannot send, settings and canned replies round-trip, sign-in links and PINs.
import { describe, expect, it } from "vitest";
import { sendDriverReply } from "../../modules/messages/send-driver-reply";
import { useRecordingHub } from "../../testing/recording-hub";
import { callerFor, createFixtureAccount } from "../../testing/trpc-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";

describe.each(databaseKinds())("messages router on %s", (kind) => {
  const t = useTestDatabase(kind);
  useRecordingHub("private-channel.message");

  it("sends, lists conversations with unread replies, opens them, and refuses viewers", async () => {
    const account = await createFixtureAccount();
    const driver = await t.db.driver.create({ data: { accountId: account.id, name: "Anna", email: "anna-router@example.test" } });
    await t.db.driver.create({ data: { accountId: account.id, name: "Zed" } });
    const dispatch = callerFor(account.users.office_staff);
    const viewer = callerFor(account.users.viewer);
    const accountKey = account.key;

    const [sent] = await dispatch.messages.send({ accountKey, request: { driver_id: driver.id, body: "Hello" } });
    expect(sent).toMatchObject({ status: "sent", sender_user_id: account.users.office_staff });
    await sendDriverReply({ accountId: account.id, driverId: driver.id, reply: { body: "Hi" } });

    const conversations = await viewer.messages.conversations({ accountKey });
    expect(conversations.map((c) => [c.driver_name, c.last_message?.body ?? null, c.unread_replies])).toEqual([["Anna", "Hi", 1], ["Zed", null, 0]]);
    await expect(viewer.messages.send({ accountKey, request: { driver_id: driver.id, body: "x" } })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(viewer.messages.markRead({ accountKey, driverId: driver.id })).rejects.toMatchObject({ code: "FORBIDDEN" });

    expect(await dispatch.messages.markRead({ accountKey, driverId: driver.id })).toBe(1);
    expect((await viewer.messages.conversations({ accountKey }))[0]!.unread_replies).toBe(0);
    const page = await viewer.messages.list({ accountKey, driverId: driver.id });
    expect(page.data.map((m) => [m.direction, m.status])).toEqual([["from_driver", "read"], ["to_driver", "sent"]]);
    await expect(dispatch.messages.send({ accountKey, request: { driver_id: driver.id, body: "" } })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    expect(await dispatch.messages.replaceCannedReplies({ accountKey, replies: [{ key: "yes", text: "Yes" }] })).toEqual([{ key: "yes", text: "Yes" }]);
    expect(await viewer.messages.cannedReplies({ accountKey })).toEqual([{ key: "yes", text: "Yes" }]);
    expect(await dispatch.messages.updateSettings({ accountKey, settings: { sms_fallback_minutes: 10 } })).toEqual({ sms_fallback_minutes: 10 });
    expect(await viewer.messages.settings({ accountKey })).toEqual({ sms_fallback_minutes: 10 });

    expect(await dispatch.messages.sendSignInLink({ accountKey, driverId: driver.id, via: "email" })).toMatchObject({ via: "email" });
    await expect(dispatch.messages.sendSignInLink({ accountKey, driverId: driver.id, via: "sms" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await dispatch.messages.setPin({ accountKey, driverId: driver.id, pin: "2468" });
    expect((await viewer.messages.conversations({ accountKey }))[0]!.has_pin).toBe(true);
    expect(await dispatch.messages.revokeSessions({ accountKey, driverId: driver.id })).toBe(0);
  });
});
