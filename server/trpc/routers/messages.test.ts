// The dashboard's messages router on every database kind: dispatch roles send and open conversations (the driver's
// replies become read), viewers read but cannot send, settings and canned replies round-trip, sign-in links and PINs;
// the composer's groups (assetGroups.list, paths from parent_id) and a message to a group's drivers; the composer's
// tags and a message to a tag's drivers, with every refusal and a group-limited sender.
import { describe, expect, it } from "vitest";
import { changeGroupAssets } from "../../modules/asset-groups/change-group-assets";
import { createAssetGroup } from "../../modules/asset-groups/create-asset-group";
import { sendDriverReply } from "../../modules/messages/send-driver-reply";
import { changeTagMembers } from "../../modules/tags/change-tag-members";
import { createTag } from "../../modules/tags/create-tag";
import { setMemberGroups } from "../../modules/users/set-member-groups";
import { useRecordingHub } from "../../testing/recording-hub";
import { callerFor, createFixtureAccount, refusal } from "../../testing/trpc-fixtures";
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

  it("lists the account's groups for the composer and sends to the current drivers of a group's vehicles", async () => {
    const account = await createFixtureAccount();
    const other = await createFixtureAccount("Other fleet");
    const accountKey = account.key;
    const depot = await createAssetGroup({ accountId: account.id, body: { name: "Depot" } });
    const minibuses = await createAssetGroup({ accountId: account.id, body: { name: "Minibuses", parent_id: depot.id } });
    await createAssetGroup({ accountId: other.id, body: { name: "Theirs" } });
    const viewer = callerFor(account.users.viewer);
    const page = await viewer.assetGroups.list({ accountKey });
    expect(page.data.map((g) => [g.name, g.parent_id])).toEqual([["Depot", null], ["Minibuses", depot.id]]);
    expect(page.next_cursor).toBeNull();
    await expect(callerFor(other.users.admin).assetGroups.list({ accountKey })).rejects.toMatchObject({ code: "NOT_FOUND" });

    // Ben drives the minibus (his route's vehicle); the message to the depot reaches him through the subgroup
    const ben = await t.db.driver.create({ data: { accountId: account.id, name: "Ben" } });
    const minibus = await t.db.asset.create({ data: { accountId: account.id, name: "Minibus 1" } });
    await t.db.route.create({ data: { accountId: account.id, routeNumber: "M1", assetId: minibus.id, driverId: ben.id } });
    await changeGroupAssets({ accountId: account.id, groupId: minibuses.id, change: "add", assetIds: [minibus.id] });
    const sent = await callerFor(account.users.office_staff).messages.send({ accountKey, request: { group_id: depot.id, body: "Depot closes at 4" } });
    expect(sent.map((m) => [m.driver_name, m.asset_id, m.body])).toEqual([["Ben", minibus.id, "Depot closes at 4"]]);
    await expect(viewer.messages.send({ accountKey, request: { group_id: depot.id, body: "x" } })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("lists the account's tags for the composer and sends to a tag's drivers, refusing what it must", async () => {
    const account = await createFixtureAccount();
    const accountKey = account.key;
    // one after the other: ids in this order
    const drivers = [];
    for (const name of ["Anna", "Ben", "Cara"]) drivers.push(await t.db.driver.create({ data: { accountId: account.id, name } }));
    const [anna, ben, cara] = drivers;
    const van = await t.db.asset.create({ data: { accountId: account.id, name: "Van" } });
    const truck = await t.db.asset.create({ data: { accountId: account.id, name: "Truck" } });
    await t.db.route.create({ data: { accountId: account.id, routeNumber: "V1", assetId: van.id, driverId: ben!.id } });
    await t.db.route.create({ data: { accountId: account.id, routeNumber: "T1", assetId: truck.id, driverId: cara!.id } });
    const north = await createAssetGroup({ accountId: account.id, body: { name: "North" } });
    await changeGroupAssets({ accountId: account.id, groupId: north.id, change: "add", assetIds: [van.id] });
    // the tag: on Anna herself, on the van (Ben's) and on the truck (Cara's, outside North)
    const night = await createTag({ accountId: account.id, body: { name: "Night shift" } });
    await changeTagMembers({ accountId: account.id, tagId: night.id, kind: "driver", change: "add", ids: [anna!.id] });
    await changeTagMembers({ accountId: account.id, tagId: night.id, kind: "asset", change: "add", ids: [van.id, truck.id] });
    const empty = await createTag({ accountId: account.id, body: { name: "Empty" } });

    const viewer = callerFor(account.users.viewer);
    expect((await viewer.tags.list({ accountKey })).data.map((tag) => tag.name)).toEqual(["Night shift", "Empty"]);
    const dispatch = callerFor(account.users.office_staff);
    const sent = await dispatch.messages.send({ accountKey, request: { tag_id: night.id, body: "Briefing at 9" } });
    expect(sent.map((m) => [m.driver_name, m.asset_id])).toEqual([["Anna", null], ["Ben", van.id], ["Cara", truck.id]]);

    expect(await refusal(viewer.messages.send({ accountKey, request: { tag_id: night.id, body: "x" } }))).toMatchObject({ code: "FORBIDDEN" });
    const other = await createFixtureAccount("Other fleet");
    const theirs = await createTag({ accountId: other.id, body: { name: "Theirs" } });
    for (const tagId of [theirs.id, 999_999]) {
      expect(await refusal(dispatch.messages.send({ accountKey, request: { tag_id: tagId, body: "x" } }))).toMatchObject({ code: "NOT_FOUND", cause: { code: "TAG_NOT_FOUND" } });
    }
    expect(await refusal(dispatch.messages.send({ accountKey, request: { tag_id: empty.id, body: "x" } }))).toMatchObject({ code: "BAD_REQUEST", cause: { code: "NO_TAGGED_DRIVERS" } });
    expect(await refusal(dispatch.messages.send({ accountKey, request: { tag_id: night.id, driver_id: anna!.id, body: "x" } }))).toMatchObject({
      code: "BAD_REQUEST",
      cause: { errors: [{ field: "driver_id", message: "give exactly one of driver_id, asset_id, group_id, tag_id or all_drivers" }] },
    });
    expect(await refusal(dispatch.messages.send({ accountKey, request: { tag_id: null, body: "x" } }))).toMatchObject({ code: "BAD_REQUEST", cause: { errors: [{ field: "tag_id" }] } });

    // a fleet manager limited to North reaches the van's Ben only (the truck is outside; Anna drives none of theirs)
    await setMemberGroups({ accountId: account.id, userId: account.users.fleet_manager, groupIds: [north.id] });
    const limited = await callerFor(account.users.fleet_manager).messages.send({ accountKey, request: { tag_id: night.id, body: "North briefing" } });
    expect(limited.map((m) => [m.driver_name, m.asset_id])).toEqual([["Ben", van.id]]);
    expect(await t.db.driverMessage.count({ where: { accountId: account.id, body: "x" } })).toBe(0);
  });
});
