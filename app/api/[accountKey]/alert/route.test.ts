// /api/{account_key}/alert, /alert/{id}, /fired-alert, /fired-alert/{id}, /geofence and /geofence/{id} through their
// route handlers, on every database kind: shapes and statuses, validation, account isolation, scopes, methods.
import { describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { callRoute, makeAccount, makeAsset, makeToken, routeContext, type RouteHandler } from "@/server/testing/http-fixtures";
import { recordAlert } from "@/server/modules/alerts/record-alert";
import { setAccountQuotas } from "@/server/modules/accounts/account-quotas";
import { createAssetGroup } from "@/server/modules/asset-groups/create-asset-group";
import { createTag } from "@/server/modules/tags/create-tag";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { GET as getFired } from "../fired-alert/[alertId]/route";
import { GET as listFired, POST as postFired } from "../fired-alert/route";
import * as geofence from "../geofence/[geofenceId]/route";
import * as geofences from "../geofence/route";
import * as rule from "./[ruleId]/route";
import * as rules from "./route";

const speeding = { name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90, min_duration_s: 30 } };
const depot = { name: "Depot", shape: "circle", center: { latitude: 54.6872, longitude: 25.2797 }, radius_m: 250 };

describe.each(databaseKinds())("alert endpoints on %s", (kind) => {
  useTestDatabase(kind);

  async function setup() {
    const account = await makeAccount();
    const { token } = await makeToken(account.id);
    const key = account.key;
    const base = `/api/${key}`;
    return {
      account,
      token,
      rules: (method: string, body?: unknown, query = "") =>
        callRoute((method === "GET" ? rules.GET : rules.POST) as RouteHandler, method, `${base}/alert${query}`, { accountKey: key }, token, body),
      rule: (method: "GET" | "PUT" | "DELETE" | "PATCH", id: string | number, body?: unknown, as = token) =>
        callRoute(rule[method] as RouteHandler, method, `${base}/alert/${id}`, { accountKey: key, ruleId: String(id) }, as, body),
      geofences: (method: "GET" | "POST", body?: unknown) =>
        callRoute(geofences[method] as RouteHandler, method, `${base}/geofence`, { accountKey: key }, token, body),
      geofence: (method: "GET" | "PUT" | "DELETE", id: number, body?: unknown) =>
        callRoute(geofence[method] as RouteHandler, method, `${base}/geofence/${id}`, { accountKey: key, geofenceId: String(id) }, token, body),
    };
  }

  it("answers 422 QUOTA_EXCEEDED with the resource, cap and count at an account's cap of rules and of geofences", async () => {
    const api = await setup();
    setAccountQuotas({ alert_rules: 1, geofences: 1 });
    try {
      expect((await api.rules("POST", speeding)).status).toBe(201);
      const rule = await api.rules("POST", speeding);
      expect(rule.status).toBe(422);
      expect(rule.body).toEqual({
        code: "QUOTA_EXCEEDED",
        message: "An account can have at most 1 alert rules and this one has 1; delete alert rules it no longer uses first.",
        quota: { resource: "alert_rules", limit: 1, count: 1 },
      });
      expect((await api.geofences("POST", depot)).status).toBe(201);
      const fence = await api.geofences("POST", depot);
      expect([fence.status, fence.body.code, fence.body.quota]).toEqual([422, "QUOTA_EXCEEDED", { resource: "geofences", limit: 1, count: 1 }]);
    } finally {
      setAccountQuotas(undefined);
    }
  });

  it("creates (201 + Location), lists, reads, replaces (PUT) and deletes (DELETE 204) alert rules", async () => {
    const api = await setup();
    const created = await api.rules("POST", speeding);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      data: {
        id: expect.any(Number),
        name: "Speeding",
        type: "OVERSPEED",
        enabled: true,
        asset_ids: [],
        group_ids: [],
        tag_ids: [],
        cooldown_s: 60,
        params: { speed_kmh: 90, min_duration_s: 30 },
        notify: null,
        active_hours: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: expect.any(String),
      },
    });
    const id = created.body.data.id;
    expect(created.headers.get("location")).toBe(`/api/${api.account.key}/alert/${id}`);

    expect(await api.rules("GET")).toMatchObject({ status: 200, body: { data: [{ id }], next_cursor: null } });
    expect(await api.rule("GET", id)).toMatchObject({ status: 200, body: { data: { id, name: "Speeding" } } });
    const put = await api.rule("PUT", id, { name: "Keys", type: "IGNITION", enabled: false, params: { trigger: "on" } });
    expect(put).toMatchObject({ status: 200, body: { data: { id, type: "IGNITION", enabled: false, params: { trigger: "on" } } } });
    expect(await api.rule("DELETE", id)).toEqual({ status: 204, headers: expect.anything(), body: null });
    expect(await api.rule("GET", id)).toMatchObject({ status: 404, body: { code: "ALERT_RULE_NOT_FOUND" } });
    expect(await api.rule("DELETE", id)).toMatchObject({ status: 404 });
  });

  it("stores and answers a rule's group_ids and tag_ids (sorted, without repeats); PUT replaces them", async () => {
    const api = await setup();
    const north = await createAssetGroup({ accountId: api.account.id, body: { name: "North" } });
    const south = await createAssetGroup({ accountId: api.account.id, body: { name: "South" } });
    const reefer = await createTag({ accountId: api.account.id, body: { name: "Reefer", color: "#0088ff" } });
    const created = await api.rules("POST", { ...speeding, group_ids: [south.id, north.id, south.id], tag_ids: [reefer.id] });
    expect(created).toMatchObject({
      status: 201,
      body: { data: { asset_ids: [], group_ids: [north.id, south.id].sort((x, y) => x - y), tag_ids: [reefer.id] } },
    });
    const id = created.body.data.id;
    expect(await api.rule("GET", id)).toMatchObject({ body: { data: { group_ids: [north.id, south.id].sort((x, y) => x - y), tag_ids: [reefer.id] } } });
    const put = await api.rule("PUT", id, { ...speeding, group_ids: [north.id] });
    expect(put).toMatchObject({ status: 200, body: { data: { group_ids: [north.id], tag_ids: [] } } });
  });

  it("answers clear 4xx errors: 422 with fields, 400 bad JSON, 415 not JSON, 404 bad or foreign ids, 405 other methods", async () => {
    const api = await setup();
    const invalid = await api.rules("POST", { name: "", type: "OVERSPEED", params: { speed_kmh: 1000 }, colour: "red" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe("VALIDATION_FAILED");
    expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["body", "name", "params.speed_kmh"]);
    const wrongType = await api.rules("POST", { name: "x", type: "SPEEDING" });
    expect(wrongType.body.errors).toEqual([{ field: "type", message: expect.stringContaining("must be one of: OVERSPEED") }]);
    const notify = await api.rules("POST", { ...speeding, notify: { channels: ["fax"], phones: ["12345"], user_ids: [123456789] } });
    expect(notify).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    expect(notify.body.errors.map((e: { field: string }) => e.field)).toEqual(["notify.channels.0", "notify.phones.0"]);
    const member = await api.rules("POST", { ...speeding, notify: { user_ids: [123456789] } });
    expect(member.body.errors).toEqual([{ field: "notify.user_ids", message: "not a member of this account: 123456789" }]);
    const asset = await api.rules("POST", { ...speeding, asset_ids: [123456789] });
    expect(asset).toMatchObject({ status: 422, body: { errors: [{ field: "asset_ids" }] } });
    const stranger = await makeAccount("Stranger");
    const foreignGroup = await createAssetGroup({ accountId: stranger.id, body: { name: "Theirs" } });
    const foreignTag = await createTag({ accountId: stranger.id, body: { name: "Theirs", color: "#112233" } });
    const foreign = await api.rules("POST", { ...speeding, group_ids: [foreignGroup.id], tag_ids: [foreignTag.id] });
    expect(foreign).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    expect(foreign.body.errors).toEqual([
      { field: "group_ids", message: `no such asset group in this account: ${foreignGroup.id}` },
      { field: "tag_ids", message: `no such tag in this account: ${foreignTag.id}` },
    ]);

    expect(await api.rules("POST", "{not json")).toMatchObject({ status: 400, body: { code: "BAD_REQUEST" } });
    const form = await rules.POST(
      new Request(`http://fleetline.test/api/${api.account.key}/alert`, {
        method: "POST",
        headers: { authorization: `Bearer ${api.token}`, "content-type": "text/plain" },
        body: "name=x",
      }),
      routeContext({ accountKey: api.account.key }),
    );
    expect(form.status).toBe(415);

    for (const id of ["abc", "0", "-1", "99999999999"]) expect((await api.rule("GET", id)).status, id).toBe(404);
    const other = await makeAccount("Other");
    const { token: otherToken } = await makeToken(other.id);
    const theirs = await callRoute(rules.POST as RouteHandler, "POST", `/api/${other.key}/alert`, { accountKey: other.key }, otherToken, speeding);
    expect(await api.rule("GET", theirs.body.data.id)).toMatchObject({ status: 404, body: { code: "ALERT_RULE_NOT_FOUND" } });
    expect(await api.rule("PUT", theirs.body.data.id, speeding)).toMatchObject({ status: 404 });
    // the path's account must be the token's
    const foreignPath = await callRoute(rules.GET as RouteHandler, "GET", `/api/${other.key}/alert`, { accountKey: other.key }, api.token);
    expect(foreignPath).toMatchObject({ status: 404, body: { code: "ACCOUNT_NOT_FOUND" } });

    const patch = await api.rule("PATCH", 1, { enabled: false });
    expect(patch).toMatchObject({ status: 405, body: { code: "METHOD_NOT_ALLOWED" } });
    expect(patch.headers.get("allow")).toBe("GET, PUT, DELETE");
  });

  it("needs alerts:read to read and alerts:write to change; 401 without a token", async () => {
    const api = await setup();
    const reader = await makeToken(api.account.id, { scopes: ["alerts:read"] });
    const none = await makeToken(api.account.id, { scopes: ["assets:read"] });
    const key = api.account.key;
    const list = (token: string) => callRoute(rules.GET as RouteHandler, "GET", `/api/${key}/alert`, { accountKey: key }, token);
    const create = (token: string) => callRoute(rules.POST as RouteHandler, "POST", `/api/${key}/alert`, { accountKey: key }, token, speeding);
    expect((await list(reader.token)).status).toBe(200);
    expect(await create(reader.token)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    expect(await list(none.token)).toMatchObject({ status: 403, body: { code: "INSUFFICIENT_SCOPE" } });
    const fired = await callRoute(listFired as RouteHandler, "GET", `/api/${key}/fired-alert`, { accountKey: key }, none.token);
    expect(fired.status).toBe(403);
    expect(await callRoute(rules.GET as RouteHandler, "GET", `/api/${key}/alert`, { accountKey: key })).toEqual({
      status: 401,
      headers: expect.anything(),
      body: { message: "Unauthenticated." },
    });
  });

  it("lists fired alerts newest first with filters and reads one", async () => {
    const api = await setup();
    const asset = await makeAsset(api.account.id, "Van 1");
    const created = await api.rules("POST", speeding);
    const at = Date.UTC(2026, 10, 23, 9, 0, 0);
    const ids: number[] = [];
    for (const [i, speed] of [96, 104].entries()) {
      const message = await recordAlert(db(), {
        accountId: api.account.id,
        assetId: asset.id,
        rule: { id: created.body.data.id, name: "Speeding", type: "OVERSPEED" },
        firing: { type: "OVERSPEED", details: { speedKmh: speed, limitKmh: 90, durationS: 30 }, firedAt: at + i * 60_000, message: `Speed ${speed} km/h` },
        position: { latitude: 54.69, longitude: 25.28, speed, course: 0, dateUpdated: at + i * 60_000, wsSeq: 10 + i, address: null },
      });
      ids.push(message!.id);
    }
    const key = api.account.key;
    const page = await callRoute(listFired as RouteHandler, "GET", `/api/${key}/fired-alert?asset_id=${asset.id}&limit=1`, { accountKey: key }, api.token);
    expect(page.status).toBe(200);
    expect(page.body.data).toEqual([
      {
        id: ids[1],
        type: "OVERSPEED",
        asset: { id: asset.id, name: "Van 1" },
        rule: { id: created.body.data.id, name: "Speeding" },
        fired_at: new Date(at + 60_000).toISOString(),
        message: "Speed 104 km/h",
        position: { latitude: 54.69, longitude: 25.28, speed: 104, course: 0, date_updated: new Date(at + 60_000).toISOString(), address: null },
        details: { speed_kmh: 104, limit_kmh: 90, duration_s: 30 },
      },
    ]);
    const next = await callRoute(listFired as RouteHandler, "GET", `/api/${key}/fired-alert?asset_id=${asset.id}&limit=1&cursor=${page.body.next_cursor}`, { accountKey: key }, api.token);
    expect(next.body).toMatchObject({ data: [{ id: ids[0] }], next_cursor: null });
    const one = await callRoute(getFired as RouteHandler, "GET", `/api/${key}/fired-alert/${ids[0]}`, { accountKey: key, alertId: String(ids[0]) }, api.token);
    expect(one).toMatchObject({ status: 200, body: { data: { id: ids[0], message: "Speed 96 km/h" } } });
    const bad = await callRoute(listFired as RouteHandler, "GET", `/api/${key}/fired-alert?type=FAST&from=monday`, { accountKey: key }, api.token);
    expect(bad).toMatchObject({ status: 422, body: { code: "VALIDATION_FAILED" } });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["from", "type"]);
    expect((await callRoute(postFired as RouteHandler, "POST", `/api/${key}/fired-alert`, { accountKey: key }, api.token, {})).status).toBe(405);
  });

  it("manages geofences and refuses to delete one a rule watches (409)", async () => {
    const api = await setup();
    const created = await api.geofences("POST", depot);
    expect(created).toMatchObject({ status: 201, body: { data: { name: "Depot", shape: "circle", radius_m: 250, points: null } } });
    const id = created.body.data.id;
    expect(created.headers.get("location")).toBe(`/api/${api.account.key}/geofence/${id}`);
    expect(await api.geofences("GET")).toMatchObject({ body: { data: [{ id }], next_cursor: null } });
    const polygon = {
      name: "Yard",
      shape: "polygon",
      points: [
        { latitude: 54.686, longitude: 25.278 },
        { latitude: 54.686, longitude: 25.282 },
        { latitude: 54.689, longitude: 25.28 },
      ],
    };
    expect(await api.geofence("PUT", id, polygon)).toMatchObject({ status: 200, body: { data: { id, shape: "polygon", center: null } } });
    expect(await api.geofences("POST", { ...depot, radius_m: -5 })).toMatchObject({
      status: 422,
      body: { errors: [{ field: "radius_m", message: "must be from 10 to 100000 metres" }] },
    });
    const watching = await api.rules("POST", { name: "Yard", type: "GEOFENCE", params: { geofence_id: id, trigger: "enter" } });
    expect(watching.status).toBe(201);
    expect(await api.geofence("DELETE", id)).toMatchObject({ status: 409, body: { code: "GEOFENCE_IN_USE", message: expect.stringContaining('"Yard"') } });
    expect((await api.rule("DELETE", watching.body.data.id)).status).toBe(204);
    expect((await api.geofence("DELETE", id)).status).toBe(204);
    expect(await api.geofence("GET", id)).toMatchObject({ status: 404, body: { code: "GEOFENCE_NOT_FOUND" } });
  });
});
