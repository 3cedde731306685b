// GET /api/{account_key}/asset's filters through the route handler, on every database kind: group (with its
// subgroups, at any depth), tag, protocol, status (moving, idle, parked, offline, online, as last_position.status
// shows them), text over name, plate, VIN and IMEI; combined; with cursor pages; bad values (422); and the fields the
// answer gained (vin, group_ids, tag_ids); reminder status (the most urgent of the asset's reminders). The tRPC list takes the same filters through the same use case.
import { describe, expect, it } from "vitest";
import { createAssetGroup } from "@/server/modules/asset-groups/create-asset-group";
import { changeGroupAssets } from "@/server/modules/asset-groups/change-group-assets";
import { createAsset } from "@/server/modules/assets/create-asset";
import { saveRenewalReminder } from "@/server/modules/reminders/save-renewal-reminder";
import { saveServiceReminder } from "@/server/modules/reminders/save-service-reminder";
import { createTag } from "@/server/modules/tags/create-tag";
import { changeTagMembers } from "@/server/modules/tags/change-tag-members";
import { getRequest, makeAccount, makeToken, routeContext } from "@/server/testing/http-fixtures";
import { livePosition, storeAssetState } from "@/server/testing/stream-fixtures";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { testImei } from "@/server/testing/test-imei";
import { GET as getAssets } from "./route";

const MINUTE = 60_000;

describe.each(databaseKinds())("asset list filters on %s", (kind) => {
  useTestDatabase(kind);

  async function fleet() {
    const account = await makeAccount();
    const { token } = await makeToken(account.id);
    const now = Date.now();
    const imei = testImei();
    const alpha = await createAsset({ accountId: account.id, name: "Truck Alpha", plate: "AB-123", vin: "wvwzzz1jzxw000001", imei });
    const beta = await createAsset({ accountId: account.id, name: "Van Beta", imei: testImei(), protocol: "gt06" });
    const gamma = await createAsset({ accountId: account.id, name: "Car Gamma", plate: "ZZ-999", imei: testImei(), protocol: "gt06" });
    const delta = await createAsset({ accountId: account.id, name: "Bus Delta", imei: testImei() });
    const epsilon = await createAsset({ accountId: account.id, name: "Trailer Epsilon" });
    let seq = 1;
    const report = (assetId: number, ageMinutes: number, speed: number, ignition: boolean | null) =>
      storeAssetState(livePosition({ assetId, wsSeq: seq++, dateUpdated: now - ageMinutes * MINUTE, speed, ignition }));
    await report(alpha.id, 1, 50, true); // moving
    await report(beta.id, 2, 0, true); // idle
    await report(gamma.id, 5, 1, false); // parked (below 3 km/h)
    await report(delta.id, 120, 60, true); // offline: two hours old
    // epsilon never reported: offline

    const north = await createAssetGroup({ accountId: account.id, body: { name: "North" } });
    const vilnius = await createAssetGroup({ accountId: account.id, body: { name: "Vilnius", parent_id: north.id } });
    const oldTown = await createAssetGroup({ accountId: account.id, body: { name: "Old town", parent_id: vilnius.id } });
    const south = await createAssetGroup({ accountId: account.id, body: { name: "South" } });
    await changeGroupAssets({ accountId: account.id, groupId: north.id, change: "add", assetIds: [beta.id] });
    await changeGroupAssets({ accountId: account.id, groupId: oldTown.id, change: "add", assetIds: [alpha.id] });
    await changeGroupAssets({ accountId: account.id, groupId: south.id, change: "add", assetIds: [delta.id, alpha.id] });
    const cold = await createTag({ accountId: account.id, body: { name: "Cold", color: "#00aaff" } });
    await changeTagMembers({ accountId: account.id, tagId: cold.id, kind: "asset", change: "add", ids: [alpha.id, gamma.id] });

    const list = async (query: string) => {
      const response = await getAssets(getRequest(`/api/${account.key}/asset${query}`, token), routeContext({ accountKey: account.key }));
      return { status: response.status, body: await response.json() };
    };
    const names = async (query: string) => {
      const answer = await list(query);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.map((asset: { name: string }) => asset.name) as string[];
    };
    return { account, imei, alpha, beta, gamma, delta, epsilon, north, vilnius, oldTown, south, cold, list, names };
  }

  it("filters by group with its subgroups at any depth, by tag and by protocol", async () => {
    const f = await fleet();
    expect(await f.names(`?group_id=${f.north.id}`)).toEqual(["Truck Alpha", "Van Beta"]);
    expect(await f.names(`?group_id=${f.vilnius.id}`)).toEqual(["Truck Alpha"]);
    expect(await f.names(`?group_id=${f.oldTown.id}`)).toEqual(["Truck Alpha"]);
    expect(await f.names(`?group_id=${f.south.id}`)).toEqual(["Truck Alpha", "Bus Delta"]);
    expect(await f.names(`?tag_id=${f.cold.id}`)).toEqual(["Truck Alpha", "Car Gamma"]);
    expect(await f.names("?protocol=gt06")).toEqual(["Van Beta", "Car Gamma"]);
    expect(await f.names("?protocol=teltonika")).toEqual(["Truck Alpha", "Bus Delta"]);
    expect(await f.names("?protocol=osmand")).toEqual([]);
    // an unknown group or tag, or another account's, matches nothing
    const other = await fleet();
    expect(await f.names(`?group_id=${other.north.id}`)).toEqual([]);
    expect(await f.names(`?tag_id=${other.cold.id}`)).toEqual([]);
    expect(await f.names("?group_id=999999")).toEqual([]);
  });

  it("filters by status as last_position.status shows it: moving, idle, parked, offline (or none yet), online", async () => {
    const f = await fleet();
    expect(await f.names("?status=moving")).toEqual(["Truck Alpha"]);
    expect(await f.names("?status=idle")).toEqual(["Van Beta"]);
    expect(await f.names("?status=parked")).toEqual(["Car Gamma"]);
    expect(await f.names("?status=offline")).toEqual(["Bus Delta", "Trailer Epsilon"]);
    expect(await f.names("?status=online")).toEqual(["Truck Alpha", "Van Beta", "Car Gamma"]);
    expect(await f.names("?status=parked,idle")).toEqual(["Van Beta", "Car Gamma"]);
    const shown = (await f.list("")).body.data.map((asset: { last_position: { status: { name: string } } | null }) => asset.last_position?.status.name ?? null);
    expect(shown).toEqual(["moving", "idle", "parked", "offline", null]);
  });

  it("searches name, plate, VIN and IMEI whatever the case", async () => {
    const f = await fleet();
    expect(await f.names("?q=alpha")).toEqual(["Truck Alpha"]);
    expect(await f.names("?q=zz-9")).toEqual(["Car Gamma"]);
    expect(await f.names("?q=1jzxw0")).toEqual(["Truck Alpha"]);
    expect(await f.names(`?q=${f.imei.slice(3, 12)}`)).toEqual(["Truck Alpha"]);
    expect(await f.names("?q=%20%20van%20")).toEqual(["Van Beta"]);
    expect(await f.names("?q=nothing")).toEqual([]);
    // % and _ are text, not patterns
    expect(await f.names("?q=%25")).toEqual([]);
    expect(await f.names("?q=_")).toEqual([]);
    expect(await f.names("?q=%5C")).toEqual([]);
    expect(await f.names("?q=b-1")).toEqual(["Truck Alpha"]);
  });

  it("combines filters (every one must match) and pages the filtered list with cursors", async () => {
    const f = await fleet();
    expect(await f.names(`?group_id=${f.north.id}&tag_id=${f.cold.id}`)).toEqual(["Truck Alpha"]);
    expect(await f.names(`?group_id=${f.north.id}&status=idle`)).toEqual(["Van Beta"]);
    expect(await f.names(`?tag_id=${f.cold.id}&protocol=gt06&status=online&q=car`)).toEqual(["Car Gamma"]);
    expect(await f.names(`?group_id=${f.south.id}&status=moving`)).toEqual(["Truck Alpha"]);

    const first = await f.list("?status=online,offline&limit=2");
    expect(first.body.data.map((a: { name: string }) => a.name)).toEqual(["Truck Alpha", "Van Beta"]);
    const second = await f.list(`?status=online,offline&limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((a: { name: string }) => a.name)).toEqual(["Car Gamma", "Bus Delta"]);
    const third = await f.list(`?status=online,offline&limit=2&cursor=${second.body.next_cursor}`);
    expect(third.body).toMatchObject({ data: [{ name: "Trailer Epsilon" }], next_cursor: null });
    const tagged = await f.list(`?tag_id=${f.cold.id}&limit=1`);
    expect(tagged.body.data.map((a: { name: string }) => a.name)).toEqual(["Truck Alpha"]);
    expect((await f.list(`?tag_id=${f.cold.id}&limit=1&cursor=${tagged.body.next_cursor}`)).body).toMatchObject({ data: [{ name: "Car Gamma" }], next_cursor: null });
  });

  it("filters by reminder status: the most urgent of the asset's service and renewal reminders", async () => {
    const f = await fleet();
    const accountId = f.account.id;
    const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    // alpha: one ok and one overdue (400 days into a yearly reminder) -> overdue
    await saveServiceReminder({ accountId, reminderId: null, body: { asset_id: f.alpha.id, task: "Oil", time: { every: 1, unit: "year" } } });
    await saveServiceReminder({ accountId, reminderId: null, body: { asset_id: f.alpha.id, task: "Brakes", time: { every: 1, unit: "year" }, start: { on: "2024-01-01" } } });
    // beta: a renewal due soon -> due_soon; gamma: a snoozed overdue renewal and an ok reminder -> snoozed
    await saveRenewalReminder({ accountId, renewalId: null, body: { asset_id: f.beta.id, kind: "insurance", expires_on: inTenDays } });
    await saveRenewalReminder({ accountId, renewalId: null, body: { asset_id: f.gamma.id, kind: "inspection", expires_on: "2024-01-01", snoozed_until: "2999-01-01" } });
    await saveServiceReminder({ accountId, reminderId: null, body: { asset_id: f.gamma.id, task: "Tyres", time: { every: 1, unit: "year" } } });
    // delta: only ok; epsilon: no reminders (matches none)
    await saveServiceReminder({ accountId, reminderId: null, body: { asset_id: f.delta.id, task: "Oil", time: { every: 6, unit: "month" } } });
    expect(await f.names("?reminder_status=overdue")).toEqual(["Truck Alpha"]);
    expect(await f.names("?reminder_status=due_soon")).toEqual(["Van Beta"]);
    expect(await f.names("?reminder_status=snoozed")).toEqual(["Car Gamma"]);
    expect(await f.names("?reminder_status=ok")).toEqual(["Bus Delta"]);
    expect(await f.names("?reminder_status=overdue,due_soon&status=moving")).toEqual(["Truck Alpha"]);
  });

  it("answers each asset's vin, group_ids and tag_ids", async () => {
    const f = await fleet();
    const alpha = (await f.list("?q=alpha")).body.data[0];
    expect(alpha).toMatchObject({ vin: "WVWZZZ1JZXW000001", group_ids: [f.oldTown.id, f.south.id], tag_ids: [f.cold.id] });
    expect((await f.list("?q=epsilon")).body.data[0]).toMatchObject({ vin: null, group_ids: [], tag_ids: [] });
  });

  it("answers 422 with the field for bad filter values", async () => {
    const f = await fleet();
    for (const [query, field] of [
      ["?group_id=abc", "group_id"],
      ["?group_id=0", "group_id"],
      ["?tag_id=-1", "tag_id"],
      ["?protocol=nmea", "protocol"],
      ["?status=driving", "status.0"],
      ["?status=moving,", "status.1"],
      [`?q=${"x".repeat(101)}`, "q"],
      ["?reminder_status=late", "reminder_status.0"],
    ] as const) {
      const answer = await f.list(query);
      expect(answer, query).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED", errors: [{ field }] } });
    }
  });
});
