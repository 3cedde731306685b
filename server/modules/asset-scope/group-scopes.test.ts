// Groups as scopes (docs/fleet-records.md "Groups as scopes"), on every database kind: a member limited to a group
// sees the assets of that group and of its subgroups and nothing else, through every surface: REST (the asset list,
// asset_map, an asset's history, fired alerts, reports, groups and tags), tRPC (the same through the routers, the live
// map's subscription), the socket.io live stream over a real socket, and alert notifications. An asset outside is a
// 404, as if it did not exist; the limit is set by admins only and an admin cannot be limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as assetList from "@/app/api/[accountKey]/asset/route";
import * as history from "@/app/api/[accountKey]/asset/[assetId]/history/route";
import * as assetMap from "@/app/api/[accountKey]/asset_map/route";
import * as groupList from "@/app/api/[accountKey]/asset-group/route";
import * as groupOne from "@/app/api/[accountKey]/asset-group/[groupId]/route";
import * as firedAlerts from "@/app/api/[accountKey]/fired-alert/route";
import * as firedAlert from "@/app/api/[accountKey]/fired-alert/[alertId]/route";
import * as reportType from "@/app/api/[accountKey]/reports/[type]/route";
import * as tagAssets from "@/app/api/[accountKey]/tag/[tagId]/assets/route";
import { db } from "../../db/client";
import { hub } from "../../hub";
import { useMemoryHub } from "../../testing/use-memory-hub";
import { createOAuthClient } from "../oauth/create-oauth-client";
import { issueAccessToken } from "../oauth/issue-access-token";
import { queueAlertNotifications } from "../notifications/queue-alert-notifications";
import { changeMemberRole } from "../users/change-member-role";
import { setMemberGroups } from "../users/set-member-groups";
import { createCaller } from "../../trpc/root";
import { callRoute, makeAccount, makeAsset, makeMember, type RouteHandler } from "../../testing/http-fixtures";
import { startStreamHarness, streamQuery, type StreamHarness } from "../../testing/live-stream-harness";
import { livePosition } from "../../testing/stream-fixtures";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { refusal } from "../../testing/trpc-fixtures";

/**
 * Acme: groups North > North-East and South; vans n (in North), ne (in North-East), s (in South), loose (no group).
 * `limited` is a fleet manager limited to North; their OAuth client acts as them.
 */
async function fleet() {
  const account = await makeAccount("Scoped");
  const north = await db().assetGroup.create({ data: { accountId: account.id, name: "North", nameKey: "north" }, select: { id: true } });
  const northEast = await db().assetGroup.create({ data: { accountId: account.id, name: "North-East", nameKey: "north-east", parentId: north.id }, select: { id: true } });
  const south = await db().assetGroup.create({ data: { accountId: account.id, name: "South", nameKey: "south" }, select: { id: true } });
  const n = (await makeAsset(account.id, "Van N")).id;
  const ne = (await makeAsset(account.id, "Van NE")).id;
  const s = (await makeAsset(account.id, "Van S")).id;
  const loose = (await makeAsset(account.id, "Van loose")).id;
  await db().assetGroupMember.createMany({ data: [{ groupId: north.id, assetId: n }, { groupId: northEast.id, assetId: ne }, { groupId: south.id, assetId: s }] });
  const limited = await makeMember(account.id, "fleet_manager", "Limited Lee");
  await db().user.update({ where: { id: limited.id }, data: { passwordHash: "x" } }); // a person (notifications), not a service user
  await setMemberGroups({ accountId: account.id, userId: limited.id, groupIds: [north.id] });
  const client = await createOAuthClient({ accountId: account.id, userId: limited.id });
  const token = (await issueAccessToken({ clientId: client.clientId, clientSecret: client.clientSecret })).access_token;
  return { account, groups: { north: north.id, northEast: northEast.id, south: south.id }, assets: { n, ne, s, loose }, limited, token };
}

type Fleet = Awaited<ReturnType<typeof fleet>>;

async function fireAlert(accountId: number, assetId: number, ruleId: number | null = null) {
  return db().alert.create({
    data: { accountId, assetId, ruleId, ruleName: "Speed", type: "OVERSPEED", firedAt: new Date(), message: "Too fast", details: {} },
    select: { id: true, firedAt: true },
  });
}

describe.each(databaseKinds())("groups as scopes on %s", (kind) => {
  useTestDatabase(kind);
  let f: Fleet;
  beforeAll(async () => {
    f = await fleet();
  });

  const get = (handler: unknown, path: string, params: Record<string, string>, token = f.token) =>
    callRoute(handler as RouteHandler, "GET", path, { accountKey: f.account.key, ...params }, token);

  describe("REST", () => {
    it("lists only the assets of the member's groups and subgroups (asset list and asset_map)", async () => {
      const list = await get(assetList.GET, `/api/${f.account.key}/asset`, {});
      expect(list.status).toBe(200);
      expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([f.assets.n, f.assets.ne]);
      // a filter cannot widen the scope: South is not theirs, so it is not found
      const south = await get(assetList.GET, `/api/${f.account.key}/asset?group_id=${f.groups.south}`, {});
      expect(south.status).toBe(200);
      expect(south.body.data).toEqual([]);
      const map = await get(assetMap.GET, `/api/${f.account.key}/asset_map`, {});
      expect(map.body.data).toEqual([f.assets.n, f.assets.ne]);
    });

    it("answers 404 ASSET_NOT_FOUND for an asset outside the groups, as for one that does not exist", async () => {
      const path = (id: number) => `/api/${f.account.key}/asset/${id}/history`;
      expect((await get(history.GET, path(f.assets.ne), { assetId: String(f.assets.ne) })).status).toBe(200);
      for (const id of [f.assets.s, f.assets.loose, 99_999_999]) {
        const answer = await get(history.GET, path(id), { assetId: String(id) });
        expect(answer.status).toBe(404);
        expect(answer.body).toMatchObject({ code: "ASSET_NOT_FOUND" });
      }
    });

    it("shows fired alerts of their assets only; another's is 404", async () => {
      const mine = await fireAlert(f.account.id, f.assets.n);
      const theirs = await fireAlert(f.account.id, f.assets.s);
      const list = await get(firedAlerts.GET, `/api/${f.account.key}/fired-alert`, {});
      const ids = list.body.data.map((a: { id: number }) => a.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
      const one = await get(firedAlert.GET, `/api/${f.account.key}/fired-alert/${theirs.id}`, { alertId: String(theirs.id) });
      expect(one.status).toBe(404);
      expect(one.body).toMatchObject({ code: "ALERT_NOT_FOUND" });
    });

    it("reports cover only their assets: all means theirs, an outside asset is 404, group_id narrows", async () => {
      const range = "from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z";
      const ask = (query: string) => get(reportType.GET, `/api/${f.account.key}/reports/trips?${query}&${range}`, { type: "trips" });
      const all = await ask("asset_ids=all");
      expect(all.status).toBe(200);
      expect(all.body.meta.completeness.map((c: { asset_id: number }) => c.asset_id)).toEqual([f.assets.n, f.assets.ne]);
      const outside = await ask(`asset_ids=${f.assets.n},${f.assets.s}`);
      expect(outside.status).toBe(404);
      expect(outside.body).toMatchObject({ code: "ASSET_NOT_FOUND" });
      const sub = await ask(`group_id=${f.groups.northEast}`);
      expect(sub.body.meta.completeness.map((c: { asset_id: number }) => c.asset_id)).toEqual([f.assets.ne]);
    });

    it("a report by group (for an unlimited member) covers the group's assets with its subgroups", async () => {
      const admin = await createOAuthClient({ accountId: f.account.id, userId: f.account.adminId });
      const token = (await issueAccessToken({ clientId: admin.clientId, clientSecret: admin.clientSecret })).access_token;
      const range = "from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z";
      const answer = await get(reportType.GET, `/api/${f.account.key}/reports/trips?group_id=${f.groups.north}&${range}`, { type: "trips" }, token);
      expect(answer.status).toBe(200);
      expect(answer.body.meta.completeness.map((c: { asset_id: number }) => c.asset_id)).toEqual([f.assets.n, f.assets.ne]);
      const south = await get(reportType.GET, `/api/${f.account.key}/reports/trips?group_id=${f.groups.south}&${range}`, { type: "trips" }, token);
      expect(south.body.meta.completeness.map((c: { asset_id: number }) => c.asset_id)).toEqual([f.assets.s]);
    });

    it("sees its groups only, and may not manage groups or tags (403)", async () => {
      const groups = await get(groupList.GET, `/api/${f.account.key}/asset-group`, {});
      expect(groups.body.data.map((g: { id: number }) => g.id)).toEqual([f.groups.north, f.groups.northEast]);
      const south = await get(groupOne.GET, `/api/${f.account.key}/asset-group/${f.groups.south}`, { groupId: String(f.groups.south) });
      expect(south.status).toBe(404);
      expect(south.body).toMatchObject({ code: "GROUP_NOT_FOUND" });
      const create = await callRoute(groupList.POST as RouteHandler, "POST", `/api/${f.account.key}/asset-group`, { accountKey: f.account.key }, f.token, { name: "Mine" });
      expect(create.status).toBe(403);
      expect(create.body).toMatchObject({ code: "FORBIDDEN" });
      const tag = await db().tag.create({ data: { accountId: f.account.id, name: "Red", nameKey: "red", color: "#ff0000" }, select: { id: true } });
      await db().assetTag.createMany({ data: [{ tagId: tag.id, assetId: f.assets.n }, { tagId: tag.id, assetId: f.assets.s }] });
      const tagged = await get(tagAssets.GET, `/api/${f.account.key}/tag/${tag.id}/assets`, { tagId: String(tag.id) });
      expect(tagged.body.data).toEqual([f.assets.n]);
    });

    it("follows a change of the limit at once (the client's cached member is dropped)", async () => {
      await setMemberGroups({ accountId: f.account.id, userId: f.limited.id, groupIds: [f.groups.south] });
      const list = await get(assetList.GET, `/api/${f.account.key}/asset`, {});
      expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([f.assets.s]);
      await setMemberGroups({ accountId: f.account.id, userId: f.limited.id, groupIds: [f.groups.north] });
    });
  });

  describe("tRPC", () => {
    const caller = () => createCaller({ userId: f.limited.id });

    it("lists, reads and reports only their assets; outside ids are NOT_FOUND", async () => {
      const page = await caller().assets.list({ accountKey: f.account.key });
      expect(page.data.map((a) => a.id)).toEqual([f.assets.n, f.assets.ne]);
      expect((await refusal(caller().positions.history({ accountKey: f.account.key, assetId: f.assets.s }))).code).toBe("NOT_FOUND");
      expect((await refusal(caller().positions.trips({ accountKey: f.account.key, assetId: f.assets.loose }))).code).toBe("NOT_FOUND");
      expect((await refusal(caller().assets.list({ accountKey: f.account.key, groupId: f.groups.south }))).code).toBe("NOT_FOUND");
      const from = new Date("2026-11-01T00:00:00Z");
      const to = new Date("2026-11-02T00:00:00Z");
      const run = await caller().reports.run({ accountKey: f.account.key, type: "trips", assetIds: "all", from, to });
      expect(run.kind === "page" && run.page.meta.completeness.map((c) => c.asset_id)).toEqual([f.assets.n, f.assets.ne]);
      expect((await refusal(caller().reports.run({ accountKey: f.account.key, type: "trips", assetIds: [f.assets.s], from, to }))).code).toBe("NOT_FOUND");
      const fired = await caller().alerts.fired({ accountKey: f.account.key });
      expect(fired.data.length).toBeGreaterThan(0);
      expect(fired.data.every((a) => a.asset.id === f.assets.n || a.asset.id === f.assets.ne)).toBe(true);
    });

    it("refuses account-wide work to a limited member (new assets, imports)", async () => {
      expect((await refusal(caller().assets.create({ accountKey: f.account.key, name: "Sneaky" }))).code).toBe("FORBIDDEN");
      expect((await refusal(caller().imports.jobs({ accountKey: f.account.key }))).code).toBe("FORBIDDEN");
    });

    it("lets admins set the limit, never on an admin, and never lets a limited member be made admin", async () => {
      const admin = createCaller({ userId: f.account.adminId });
      expect((await refusal(admin.users.setGroups({ accountKey: f.account.key, userId: f.account.adminId, groupIds: [f.groups.north] }))).code).toBe("BAD_REQUEST");
      await expect(changeMemberRole({ accountId: f.account.id, userId: f.limited.id, role: "admin" })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
      expect((await refusal(caller().users.setGroups({ accountKey: f.account.key, userId: f.limited.id, groupIds: null }))).code).toBe("FORBIDDEN");
      const members = await admin.users.list({ accountKey: f.account.key });
      expect(members.find((m) => m.id === f.limited.id)?.groupIds).toEqual([f.groups.north]);
      expect(members.find((m) => m.id === f.account.adminId)?.groupIds).toBeNull();
    });
  });

  describe("alert notifications", () => {
    it("reach a limited member for their assets only, by role as by name", async () => {
      const rule = await db().alertRule.create({
        data: {
          accountId: f.account.id,
          name: "Speed",
          type: "OVERSPEED",
          params: { speed_limit_kmh: 90 },
          assetIds: [],
          notify: { roles: ["fleet_manager"], user_ids: [f.limited.id], emails: [], phones: [], channels: ["email", "in_app"], critical: false, escalation: [] },
        },
        select: { id: true },
      });
      const rows = async (assetId: number) => {
        const alert = await fireAlert(f.account.id, assetId, rule.id);
        await queueAlertNotifications(db(), { id: alert.id, accountId: f.account.id, assetId, ruleId: rule.id, type: "OVERSPEED", firedAt: alert.firedAt.getTime() }, Date.now());
        return db().notificationDelivery.findMany({ where: { alertId: alert.id, userId: f.limited.id }, select: { channel: true } });
      };
      expect((await rows(f.assets.ne)).map((r) => r.channel).sort()).toEqual(["email", "in_app"]);
      expect(await rows(f.assets.s)).toEqual([]);
      expect(await rows(f.assets.loose)).toEqual([]);
    });
  });
});

describe("groups as scopes: the tRPC live map subscription", () => {
  useMemoryHub();

  describe.each(databaseKinds())("on %s", (kind) => {
    useTestDatabase(kind);

    /**
     * The first position `userId`'s live map yields while `outside` then `inside` are published, again and again (the
     * generator subscribes only after reading the member's assets, so publishing goes on until it hears one).
     */
    async function firstHeard(f: Fleet, userId: number, filters: { groupId?: number }, outside: number, inside: number) {
      const controller = new AbortController();
      const stream = await createCaller({ userId }, { signal: controller.signal }).positions.live({ accountKey: f.account.key, ...filters });
      const first = (stream as AsyncIterable<{ assetId: number }>)[Symbol.asyncIterator]().next();
      let seq = 0;
      const timer = setInterval(() => {
        for (const assetId of [outside, inside]) void hub().publish("position", livePosition({ assetId, wsSeq: ++seq, accountId: f.account.id }));
      }, 10);
      try {
        return (await first).value?.assetId;
      } finally {
        clearInterval(timer);
        controller.abort();
      }
    }

    it("yields positions of the member's assets only, and narrows to a group when asked", async () => {
      const f = await fleet();
      expect(await firstHeard(f, f.limited.id, {}, f.assets.s, f.assets.ne)).toBe(f.assets.ne);
      expect(await firstHeard(f, f.account.adminId, { groupId: f.groups.south }, f.assets.n, f.assets.s)).toBe(f.assets.s);
    });
  });
});

describe.each(databaseKinds())("groups as scopes: the socket.io live stream on %s", (kind) => {
  useTestDatabase(kind);
  let harness: StreamHarness;
  beforeAll(async () => {
    harness = await startStreamHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("subscribes only the member's assets: an outside asset's positions never arrive", async () => {
    const f = await fleet();
    const client = harness.connect(streamQuery(f.token, [f.assets.s, f.assets.n, f.assets.loose, f.assets.ne]));
    expect(await client.first).toEqual([]);
    const outside = livePosition({ assetId: f.assets.s, wsSeq: 5_001, accountId: f.account.id });
    const loose = livePosition({ assetId: f.assets.loose, wsSeq: 5_002, accountId: f.account.id });
    const marker = livePosition({ assetId: f.assets.ne, wsSeq: 5_003, accountId: f.account.id });
    // the hub delivers in publish order: once the marker is here, the two before it would have been too
    await harness.hub.publish("position", outside);
    await harness.hub.publish("position", loose);
    await harness.hub.publish("position", marker);
    await client.frame(f.assets.ne, marker.wsSeq);
    expect(client.seqs(f.assets.s)).toEqual([]);
    expect(client.seqs(f.assets.loose)).toEqual([]);
    client.close();
  });
});

