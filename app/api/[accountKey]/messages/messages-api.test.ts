// /api/{account_key}/messages on every database kind: sending to a driver, to a vehicle's current driver, to an asset
// group's current drivers, to a tag's drivers and to all drivers (201), paging back with cursors, a group-limited
// member reaching only the drivers of their vehicles, and every refusal (400, 401, 403, 404, 405, 422).
import { describe, expect, it } from "vitest";
import { changeGroupAssets } from "@/server/modules/asset-groups/change-group-assets";
import { createAssetGroup } from "@/server/modules/asset-groups/create-asset-group";
import { createOAuthClient } from "@/server/modules/oauth/create-oauth-client";
import { issueAccessToken } from "@/server/modules/oauth/issue-access-token";
import { changeTagMembers } from "@/server/modules/tags/change-tag-members";
import { createTag } from "@/server/modules/tags/create-tag";
import { setMemberGroups } from "@/server/modules/users/set-member-groups";
import { callRoute, makeAccount, makeAsset, makeAssets, makeMember, makeToken, type RouteHandler } from "@/server/testing/http-fixtures";
import { useRecordingHub } from "@/server/testing/recording-hub";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as messages from "./route";

describe.each(databaseKinds())("messages REST on %s", (kind) => {
  const t = useTestDatabase(kind);
  const hub = useRecordingHub("private-channel.message");

  async function setup() {
    const account = await makeAccount();
    const anna = await t.db.driver.create({ data: { accountId: account.id, name: "Anna" } });
    const ben = await t.db.driver.create({ data: { accountId: account.id, name: "Ben" } });
    const writer = await makeToken(account.id, { scopes: ["messages:read", "messages:write"] });
    const reader = await makeToken(account.id, { scopes: ["messages:read"] });
    return { account, anna, ben, token: writer.token, readOnly: reader.token, base: `/api/${account.key}/messages`, params: { accountKey: account.key } };
  }
  const post = (s: Awaited<ReturnType<typeof setup>>, body: unknown, token: string | null = s.token) =>
    callRoute(messages.POST as RouteHandler, "POST", s.base, s.params, token ?? undefined, body);
  const get = (s: Awaited<ReturnType<typeof setup>>, query = "", token: string | null = s.token) =>
    callRoute(messages.GET as RouteHandler, "GET", `${s.base}${query}`, s.params, token ?? undefined);

  it("sends to one driver, to a vehicle's current driver and to all drivers, and pages back newest first", async () => {
    const s = await setup();
    const one = await post(s, { driver_id: s.anna.id, body: "  Call the office  " });
    expect(one.status).toBe(201);
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({ driver_id: s.anna.id, driver_name: "Anna", direction: "to_driver", body: "Call the office", status: "sent", asset_id: null, read_at: null });
    expect(one.body.data[0].sent_at).not.toBeNull();
    await hub.settle();
    expect(hub.events.some((e) => e.channel === `private-driver.${s.anna.id}` && e.event === "message.changed" && (e.data as { id: number }).id === one.body.data[0].id)).toBe(true);

    // the vehicle's route names Ben as its driver
    const van = await makeAsset(s.account.id, "Van");
    await t.db.route.create({ data: { accountId: s.account.id, routeNumber: "R1", assetId: van.id, driverId: s.ben.id } });
    const toVan = await post(s, { asset_id: van.id, body: "Fuel up" });
    expect([toVan.status, toVan.body.data[0].driver_id, toVan.body.data[0].asset_id]).toEqual([201, s.ben.id, van.id]);

    const all = await post(s, { all_drivers: true, body: "Depot closes at 6" });
    expect([all.status, all.body.data.map((m: { driver_id: number }) => m.driver_id)]).toEqual([201, [s.anna.id, s.ben.id]]);

    const page1 = await get(s, "?limit=2", s.readOnly);
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((m: { body: string }) => m.body)).toEqual(["Depot closes at 6", "Depot closes at 6"]);
    const page2 = await get(s, `?limit=2&cursor=${page1.body.next_cursor}`, s.readOnly);
    expect(page2.body.data.map((m: { body: string }) => m.body)).toEqual(["Fuel up", "Call the office"]);
    expect(page2.body.next_cursor).toBeNull();
    const annas = await get(s, `?driver_id=${s.anna.id}`, s.readOnly);
    expect(annas.body.data.map((m: { body: string }) => m.body)).toEqual(["Depot closes at 6", "Call the office"]);
  });

  it("sends to the current driver of every vehicle in a group and its subgroups, one message per driver", async () => {
    const s = await setup();
    const cara = await t.db.driver.create({ data: { accountId: s.account.id, name: "Cara" } });
    const depot = await createAssetGroup({ accountId: s.account.id, body: { name: "Depot" } });
    const yard = await createAssetGroup({ accountId: s.account.id, body: { name: "Yard", parent_id: depot.id } });
    const corner = await createAssetGroup({ accountId: s.account.id, body: { name: "Corner", parent_id: yard.id } });
    // one after the other: ids in this order (the message keeps the lowest of a driver's vehicles)
    const vehicles = [];
    for (const name of ["Van", "Truck", "Car", "Bus", "Outside"]) vehicles.push(await makeAsset(s.account.id, name));
    const [van, truck, car, bus, outside] = vehicles;
    // Ben drives the van and the truck; Anna the car, two levels down; nobody the bus; Cara a vehicle outside the group
    for (const [number, asset, driver] of [["R1", van, s.ben], ["R2", truck, s.ben], ["R3", car, s.anna], ["R4", outside, cara]] as const) {
      await t.db.route.create({ data: { accountId: s.account.id, routeNumber: number, assetId: asset!.id, driverId: driver.id } });
    }
    await changeGroupAssets({ accountId: s.account.id, groupId: depot.id, change: "add", assetIds: [van!.id, bus!.id] });
    await changeGroupAssets({ accountId: s.account.id, groupId: yard.id, change: "add", assetIds: [truck!.id, van!.id] });
    await changeGroupAssets({ accountId: s.account.id, groupId: corner.id, change: "add", assetIds: [car!.id] });

    const sent = await post(s, { group_id: depot.id, body: "Depot closes early" });
    expect(sent.status).toBe(201);
    expect(sent.body.data.map((m: { driver_id: number; asset_id: number }) => [m.driver_id, m.asset_id])).toEqual([
      [s.ben.id, van!.id],
      [s.anna.id, car!.id],
    ]);
    expect(sent.body.data.every((m: { status: string; body: string }) => m.status === "sent" && m.body === "Depot closes early")).toBe(true);
    // a subgroup alone
    const toCorner = await post(s, { group_id: corner.id, body: "Corner only" });
    expect(toCorner.body.data.map((m: { driver_id: number }) => m.driver_id)).toEqual([s.anna.id]);

    // a group whose vehicles have no current driver, an empty group, an unknown group, another account's group
    const idle = await createAssetGroup({ accountId: s.account.id, body: { name: "Idle" } });
    await changeGroupAssets({ accountId: s.account.id, groupId: idle.id, change: "add", assetIds: [bus!.id] });
    const empty = await createAssetGroup({ accountId: s.account.id, body: { name: "Empty" } });
    for (const groupId of [idle.id, empty.id]) {
      const refused = await post(s, { group_id: groupId, body: "x" });
      expect([refused.status, refused.body.code]).toEqual([422, "NO_CURRENT_DRIVER"]);
    }
    const other = await makeAccount("Other");
    const theirs = await createAssetGroup({ accountId: other.id, body: { name: "Theirs" } });
    for (const groupId of [theirs.id, 999_999]) {
      const missing = await post(s, { group_id: groupId, body: "x" });
      expect([missing.status, missing.body.code]).toEqual([404, "GROUP_NOT_FOUND"]);
    }
    const two = await post(s, { group_id: depot.id, asset_id: van!.id, body: "x" });
    expect([two.status, two.body.errors[0].field]).toEqual([422, "driver_id"]);
    expect(await t.db.driverMessage.count({ where: { accountId: s.account.id, body: "x" } })).toBe(0);
  });

  it("sends to the drivers carrying a tag and the current drivers of the vehicles carrying it, once each", async () => {
    const s = await setup();
    const cara = await t.db.driver.create({ data: { accountId: s.account.id, name: "Cara" } });
    const [van, truck, bus, outside] = await makeAssets(s.account.id, ["Van", "Truck", "Bus", "Outside"]);
    // Ben drives the van and the truck (both tagged) and carries the tag himself; Anna carries it and drives nothing;
    // the bus is tagged and has no driver; Cara drives an untagged vehicle
    for (const [number, asset, driver] of [["R1", van, s.ben], ["R2", truck, s.ben], ["R3", outside, cara]] as const) {
      await t.db.route.create({ data: { accountId: s.account.id, routeNumber: number, assetId: asset!.id, driverId: driver.id } });
    }
    const night = await createTag({ accountId: s.account.id, body: { name: "Night shift" } });
    await changeTagMembers({ accountId: s.account.id, tagId: night.id, kind: "asset", change: "add", ids: [truck!.id, van!.id, bus!.id] });
    await changeTagMembers({ accountId: s.account.id, tagId: night.id, kind: "driver", change: "add", ids: [s.anna.id, s.ben.id] });

    const sent = await post(s, { tag_id: night.id, body: "Night shift starts at 10" });
    expect(sent.status).toBe(201);
    expect(sent.body.data.map((m: { driver_id: number; asset_id: number | null }) => [m.driver_id, m.asset_id])).toEqual([
      [s.anna.id, null],
      [s.ben.id, van!.id],
    ]);
    expect(sent.body.data.every((m: { status: string }) => m.status === "sent")).toBe(true);

    // only vehicles carry it: their drivers; only a driver carries it: that driver
    const vans = await createTag({ accountId: s.account.id, body: { name: "Vans" } });
    await changeTagMembers({ accountId: s.account.id, tagId: vans.id, kind: "asset", change: "add", ids: [outside!.id] });
    expect((await post(s, { tag_id: vans.id, body: "Vans" })).body.data.map((m: { driver_id: number }) => m.driver_id)).toEqual([cara.id]);
    const first = await createTag({ accountId: s.account.id, body: { name: "First aid" } });
    await changeTagMembers({ accountId: s.account.id, tagId: first.id, kind: "driver", change: "add", ids: [cara.id] });
    expect((await post(s, { tag_id: first.id, body: "Kit check" })).body.data.map((m: { driver_id: number; asset_id: null }) => [m.driver_id, m.asset_id])).toEqual([[cara.id, null]]);

    // nobody to reach: an empty tag, a tag on a vehicle without a driver
    const empty = await createTag({ accountId: s.account.id, body: { name: "Empty" } });
    const idle = await createTag({ accountId: s.account.id, body: { name: "Idle" } });
    await changeTagMembers({ accountId: s.account.id, tagId: idle.id, kind: "asset", change: "add", ids: [bus!.id] });
    for (const tagId of [empty.id, idle.id]) {
      const refused = await post(s, { tag_id: tagId, body: "x" });
      expect([refused.status, refused.body.code]).toEqual([422, "NO_TAGGED_DRIVERS"]);
    }
    // an unknown tag, another account's tag
    const other = await makeAccount("Other");
    const theirs = await createTag({ accountId: other.id, body: { name: "Theirs" } });
    for (const tagId of [theirs.id, 999_999]) {
      const missing = await post(s, { tag_id: tagId, body: "x" });
      expect([missing.status, missing.body.code]).toEqual([404, "TAG_NOT_FOUND"]);
    }
    // not exactly one recipient choice, a tag id that is not one
    for (const body of [{ tag_id: night.id, group_id: 1, body: "x" }, { tag_id: night.id, all_drivers: true, body: "x" }]) {
      const two = await post(s, body);
      expect([two.status, two.body.errors]).toEqual([422, [{ field: "driver_id", message: "give exactly one of driver_id, asset_id, group_id, tag_id or all_drivers" }]]);
    }
    const notId = await post(s, { tag_id: "night", body: "x" });
    expect([notId.status, notId.body.errors[0].field]).toEqual([422, "tag_id"]);
    expect((await post(s, { tag_id: 0, body: "x" })).status).toBe(422);
    expect((await post(s, { tag_id: night.id, body: "x" }, null)).status).toBe(401);
    const readOnly = await post(s, { tag_id: night.id, body: "x" }, s.readOnly);
    expect([readOnly.status, readOnly.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);
    expect(await t.db.driverMessage.count({ where: { accountId: s.account.id, body: "x" } })).toBe(0);
  });

  it("lets a group-limited member reach only the drivers of their vehicles, by group and by tag", async () => {
    const s = await setup();
    const [cara, dan] = [await t.db.driver.create({ data: { accountId: s.account.id, name: "Cara" } }), await t.db.driver.create({ data: { accountId: s.account.id, name: "Dan" } })];
    const north = await createAssetGroup({ accountId: s.account.id, body: { name: "North" } });
    const south = await createAssetGroup({ accountId: s.account.id, body: { name: "South" } });
    const [van, tractor, truck] = await makeAssets(s.account.id, ["Van", "Tractor", "Truck"]);
    await changeGroupAssets({ accountId: s.account.id, groupId: north.id, change: "add", assetIds: [van!.id, tractor!.id] });
    await changeGroupAssets({ accountId: s.account.id, groupId: south.id, change: "add", assetIds: [truck!.id] });
    // Ben drives the van, Cara the tractor (both North), Dan the truck (South); Anna drives nothing
    for (const [number, asset, driver] of [["R1", van, s.ben], ["R2", tractor, cara], ["R3", truck, dan]] as const) {
      await t.db.route.create({ data: { accountId: s.account.id, routeNumber: number, assetId: asset!.id, driverId: driver.id } });
    }
    // the tag: on the van and the truck, and on Anna and Cara themselves
    const night = await createTag({ accountId: s.account.id, body: { name: "Night shift" } });
    await changeTagMembers({ accountId: s.account.id, tagId: night.id, kind: "asset", change: "add", ids: [van!.id, truck!.id] });
    await changeTagMembers({ accountId: s.account.id, tagId: night.id, kind: "driver", change: "add", ids: [s.anna.id, cara.id] });
    const southOnly = await createTag({ accountId: s.account.id, body: { name: "South only" } });
    await changeTagMembers({ accountId: s.account.id, tagId: southOnly.id, kind: "asset", change: "add", ids: [truck!.id] });
    await changeTagMembers({ accountId: s.account.id, tagId: southOnly.id, kind: "driver", change: "add", ids: [s.anna.id] });

    const lee = await makeMember(s.account.id, "fleet_manager", "Limited Lee");
    await setMemberGroups({ accountId: s.account.id, userId: lee.id, groupIds: [north.id] });
    const client = await createOAuthClient({ accountId: s.account.id, userId: lee.id });
    const limited = (await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret })).access_token;
    const reached = (answer: Awaited<ReturnType<typeof post>>) => answer.body.data.map((m: { driver_id: number; asset_id: number | null }) => [m.driver_id, m.asset_id]);

    // the whole fleet reaches all four; Lee the van's Ben and Cara (tagged, driving the tractor), not the truck's Dan
    // nor Anna (tagged, driving none of Lee's vehicles)
    expect(reached(await post(s, { tag_id: night.id, body: "Everyone tagged" }))).toEqual([[s.anna.id, null], [s.ben.id, van!.id], [cara.id, null], [dan.id, truck!.id]]);
    const scoped = await post(s, { tag_id: night.id, body: "Lee's tagged" }, limited);
    expect([scoped.status, reached(scoped)]).toEqual([201, [[s.ben.id, van!.id], [cara.id, null]]]);
    const none = await post(s, { tag_id: southOnly.id, body: "x" }, limited);
    expect([none.status, none.body.code]).toEqual([422, "NO_TAGGED_DRIVERS"]);
    expect(none.body.message).toContain("among the drivers of your vehicles");

    // groups: their own, not another (404 as if missing); never all drivers
    expect(reached(await post(s, { group_id: north.id, body: "North" }, limited))).toEqual([[s.ben.id, van!.id], [cara.id, tractor!.id]]);
    const foreignGroup = await post(s, { group_id: south.id, body: "x" }, limited);
    expect([foreignGroup.status, foreignGroup.body.code]).toEqual([404, "GROUP_NOT_FOUND"]);
    const all = await post(s, { all_drivers: true, body: "x" }, limited);
    expect([all.status, all.body.code]).toEqual([403, "FORBIDDEN"]);
    expect(await t.db.driverMessage.count({ where: { accountId: s.account.id, body: "x" } })).toBe(0);
  });

  it("refuses what it must", async () => {
    const s = await setup();
    expect((await post(s, { driver_id: s.anna.id, body: "x" }, null)).status).toBe(401);
    expect((await get(s, "", null)).status).toBe(401);
    const noScope = await makeToken(s.account.id, { scopes: ["assets:read"] });
    expect((await get(s, "", noScope.token)).body.code).toBe("INSUFFICIENT_SCOPE");
    const forbidden = await post(s, { driver_id: s.anna.id, body: "x" }, s.readOnly);
    expect([forbidden.status, forbidden.body.code]).toEqual([403, "INSUFFICIENT_SCOPE"]);

    expect((await post(s, "{oops")).status).toBe(400);
    const bad = await post(s, { driver_id: s.anna.id, body: "x".repeat(1001) });
    expect([bad.status, bad.body.errors]).toEqual([422, [{ field: "body", message: "must be at most 1000 characters" }]]);
    const two = await post(s, { driver_id: s.anna.id, all_drivers: true, body: "x" });
    expect([two.status, two.body.errors]).toEqual([422, [{ field: "driver_id", message: "give exactly one of driver_id, asset_id, group_id, tag_id or all_drivers" }]]);
    expect((await post(s, { body: "x" })).status).toBe(422);
    expect((await post(s, { driver_id: s.anna.id, body: "   " })).status).toBe(422);

    const other = await makeAccount("Other");
    const theirs = await t.db.driver.create({ data: { accountId: other.id, name: "Theirs" } });
    const foreign = await post(s, { driver_id: theirs.id, body: "x" });
    expect([foreign.status, foreign.body.code]).toEqual([404, "DRIVER_NOT_FOUND"]);
    const theirVan = await makeAsset(other.id, "Their van");
    expect((await post(s, { asset_id: theirVan.id, body: "x" })).body.code).toBe("ASSET_NOT_FOUND");
    const idle = await makeAsset(s.account.id, "Idle");
    const noDriver = await post(s, { asset_id: idle.id, body: "x" });
    expect([noDriver.status, noDriver.body.code]).toEqual([422, "NO_CURRENT_DRIVER"]);
    const empty = await makeAccount("Empty");
    const emptyToken = await makeToken(empty.id, { scopes: ["messages:write"] });
    const none = await callRoute(messages.POST as RouteHandler, "POST", `/api/${empty.key}/messages`, { accountKey: empty.key }, emptyToken.token, { all_drivers: true, body: "x" });
    expect([none.status, none.body.code]).toEqual([422, "NO_DRIVERS"]);

    expect((await get(s, `?driver_id=${theirs.id}`)).status).toBe(404);
    expect((await get(s, "?driver_id=abc")).status).toBe(422);
    expect((await get(s, "?limit=500")).status).toBe(422);
    expect((await get(s, "?cursor=%24%24")).status).toBe(422);
    expect((await callRoute(messages.PUT as RouteHandler, "PUT", s.base, s.params, s.token, {})).status).toBe(405);
    // another account's key with this token
    expect((await callRoute(messages.GET as RouteHandler, "GET", `/api/${other.key}/messages`, { accountKey: other.key }, s.token)).status).toBe(404);
  });
});
