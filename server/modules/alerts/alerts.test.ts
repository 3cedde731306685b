// Alert rule and fired-alert use cases on every database kind: every rule type round-trips, references are checked
// against the account, fired alerts are stored with their position and listed newest first with filters.
import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { isAppError } from "../../errors";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { createGeofence } from "../geofences/create-geofence";
import { createAlertRule } from "./create-alert-rule";
import { deleteAlertRule } from "./delete-alert-rule";
import { getAlertRule } from "./get-alert-rule";
import { getFiredAlert } from "./get-fired-alert";
import { listAlertRules } from "./list-alert-rules";
import { listFiredAlerts } from "./list-fired-alerts";
import { recordAlert, type AlertDraft } from "./record-alert";
import { updateAlertRule } from "./update-alert-rule";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, errors: error.errors ?? [] };
    throw error;
  }
  throw new Error("expected a failure");
}

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);

function draft(accountId: number, assetId: number, rule: { id: number; name: string }, at: number): AlertDraft {
  return {
    accountId,
    assetId,
    rule: { ...rule, type: "OVERSPEED" },
    firing: { type: "OVERSPEED", details: { speedKmh: 104, limitKmh: 90, durationS: 30 }, firedAt: at, message: "Speed 104 km/h" },
    position: {
      latitude: 54.6872,
      longitude: 25.2797,
      speed: 104,
      course: 90,
      dateUpdated: at,
      wsSeq: 7,
      address: { street: null, town: "Vilnius", country: "LT" },
    },
  };
}

describe.each(databaseKinds())("alert rules and fired alerts on %s", (kind) => {
  useTestDatabase(kind);

  it("creates every rule type with its defaults, and reads, lists, replaces and deletes rules", async () => {
    const account = await createAccount({ name: "Rules" });
    const fence = await createGeofence({
      accountId: account.id,
      body: { name: "Depot", shape: "circle", center: { latitude: 54.68, longitude: 25.27 }, radius_m: 300 },
    });
    const bodies = [
      { name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90 } },
      { name: "Depot", type: "GEOFENCE", params: { geofence_id: fence.id, trigger: "enter" } },
      { name: "Keys", type: "IGNITION" },
      { name: "Idle", type: "IDLING", params: { idle_minutes: 10 } },
      { name: "Battery", type: "LOW_VOLTAGE", params: { voltage_v: 11.8, min_duration_s: 60 } },
      { name: "Faults", type: "DTC_DETECTED" },
      { name: "Silence", type: "CONNECTIVITY", params: { silence_minutes: 30 } },
    ];
    const created = [];
    for (const body of bodies) created.push(await createAlertRule({ accountId: account.id, body }));
    expect(created.map((r) => [r.type, r.params])).toEqual([
      ["OVERSPEED", { speed_kmh: 90, min_duration_s: 0 }],
      ["GEOFENCE", { geofence_id: fence.id, trigger: "enter" }],
      ["IGNITION", { trigger: "both" }],
      ["IDLING", { idle_minutes: 10 }],
      ["LOW_VOLTAGE", { voltage_v: 11.8, min_duration_s: 60 }],
      ["DTC_DETECTED", {}],
      ["CONNECTIVITY", { silence_minutes: 30, trigger: "both" }],
    ]);
    expect(created[0]).toMatchObject({ enabled: true, asset_ids: [], cooldown_s: 60, created_at: expect.any(String) });

    const page = await listAlertRules({ accountId: account.id, limit: 5 });
    expect(page.data).toHaveLength(5);
    const rest = await listAlertRules({ accountId: account.id, limit: 5, cursor: page.next_cursor });
    expect(rest).toMatchObject({ data: [{ name: "Faults" }, { name: "Silence" }], next_cursor: null });

    const asset = await createAsset({ accountId: account.id, name: "Van 1" });
    const replaced = await updateAlertRule({
      accountId: account.id,
      ruleId: created[0]!.id,
      body: { name: "Speeding (vans)", type: "OVERSPEED", enabled: false, asset_ids: [asset.id, asset.id], params: { speed_kmh: 80 } },
    });
    expect(replaced).toMatchObject({ name: "Speeding (vans)", enabled: false, asset_ids: [asset.id], params: { speed_kmh: 80, min_duration_s: 0 } });
    expect(await getAlertRule({ accountId: account.id, ruleId: created[0]!.id })).toEqual(replaced);

    expect(await deleteAlertRule({ accountId: account.id, ruleId: created[0]!.id })).toEqual({ id: created[0]!.id });
    expect((await failure(getAlertRule({ accountId: account.id, ruleId: created[0]!.id }))).code).toBe("ALERT_RULE_NOT_FOUND");
  });

  it("keeps a rule's active hours, refuses bad ones, and refuses them on CONNECTIVITY rules", async () => {
    const account = await createAccount({ name: "Night watch" });
    const night = await createAlertRule({ accountId: account.id, body: { name: "At night", type: "IGNITION", active_hours: { from: "22:00", to: "06:00" } } });
    expect(night.active_hours).toEqual({ from: "22:00", to: "06:00" });
    expect(await getAlertRule({ accountId: account.id, ruleId: night.id })).toMatchObject({ active_hours: { from: "22:00", to: "06:00" } });
    const always = await updateAlertRule({ accountId: account.id, ruleId: night.id, body: { name: "Always", type: "IGNITION" } });
    expect(always.active_hours).toBeNull();

    for (const [hours, field] of [
      [{ from: "22:00", to: "22:00" }, "active_hours.to"],
      [{ from: "24:00", to: "06:00" }, "active_hours.from"],
      [{ from: "7:00", to: "09:00" }, "active_hours.from"],
      [{ from: "07:00" }, "active_hours.to"],
    ] as const) {
      const refused = await failure(createAlertRule({ accountId: account.id, body: { name: "Bad", type: "IGNITION", active_hours: hours } }));
      expect(refused.code, JSON.stringify(hours)).toBe("VALIDATION_FAILED");
      expect(refused.errors?.map((e) => e.field), JSON.stringify(hours)).toContain(field);
    }
    const connectivity = await failure(
      createAlertRule({ accountId: account.id, body: { name: "Silent", type: "CONNECTIVITY", params: { silence_minutes: 30 }, active_hours: { from: "22:00", to: "06:00" } } }),
    );
    expect(connectivity.errors).toEqual([{ field: "active_hours", message: expect.stringMatching(/not available for CONNECTIVITY rules/) }]);
  });

  it("refuses unknown assets and geofences of another account as field errors, and hides other accounts' rules", async () => {
    const a = await createAccount({ name: "A" });
    const b = await createAccount({ name: "B" });
    const theirs = await createAsset({ accountId: b.id, name: "B's van" });
    const theirFence = await createGeofence({
      accountId: b.id,
      body: { name: "B depot", shape: "circle", center: { latitude: 1, longitude: 1 }, radius_m: 100 },
    });
    const assets = await failure(
      createAlertRule({ accountId: a.id, body: { name: "x", type: "IGNITION", asset_ids: [theirs.id, 999_999] } }),
    );
    expect(assets).toEqual({
      code: "VALIDATION_FAILED",
      errors: [{ field: "asset_ids", message: `no such asset in this account: ${[theirs.id, 999_999].sort((x, y) => x - y).join(", ")}` }],
    });
    const fence = await failure(
      createAlertRule({ accountId: a.id, body: { name: "x", type: "GEOFENCE", params: { geofence_id: theirFence.id } } }),
    );
    expect(fence.errors).toEqual([{ field: "params.geofence_id", message: "no such geofence in this account" }]);
    const bad = await failure(createAlertRule({ accountId: a.id, body: { name: "x", type: "OVERSPEED", params: { speed_kmh: 0 } } }));
    expect(bad.errors).toEqual([{ field: "params.speed_kmh", message: "must be a whole number of km/h from 1 to 400" }]);

    const rule = await createAlertRule({ accountId: b.id, body: { name: "B's rule", type: "IGNITION" } });
    for (const attempt of [
      () => getAlertRule({ accountId: a.id, ruleId: rule.id }),
      () => updateAlertRule({ accountId: a.id, ruleId: rule.id, body: { name: "mine now", type: "IGNITION" } }),
      () => deleteAlertRule({ accountId: a.id, ruleId: rule.id }),
    ]) {
      expect((await failure(attempt())).code).toBe("ALERT_RULE_NOT_FOUND");
    }
  });

  it("stores fired alerts with their position and lists them newest first, filtered and paged", async () => {
    const account = await createAccount({ name: "Fired" });
    const other = await createAccount({ name: "Other" });
    const van = await createAsset({ accountId: account.id, name: "Van" });
    const truck = await createAsset({ accountId: account.id, name: "Truck" });
    const foreign = await createAsset({ accountId: other.id, name: "Foreign" });
    const rule = await createAlertRule({ accountId: account.id, body: { name: "Speeding", type: "OVERSPEED", params: { speed_kmh: 90 } } });

    const message = await recordAlert(db(), draft(account.id, van.id, rule, T0));
    expect(message).toMatchObject({ version: 1, id: expect.any(Number), type: "OVERSPEED", rule: { id: rule.id, name: "Speeding" } });
    await recordAlert(db(), draft(account.id, truck.id, rule, T0 + 60_000));
    await recordAlert(db(), draft(account.id, van.id, rule, T0 + 120_000));
    await recordAlert(db(), draft(other.id, foreign.id, rule, T0)); // another account's: never listed here

    const all = await listFiredAlerts({ accountId: account.id, query: {} });
    expect(all.data.map((a) => [a.asset.name, a.fired_at])).toEqual([
      ["Van", new Date(T0 + 120_000).toISOString()],
      ["Truck", new Date(T0 + 60_000).toISOString()],
      ["Van", new Date(T0).toISOString()],
    ]);
    expect(all.data[2]).toEqual({
      id: message!.id,
      type: "OVERSPEED",
      asset: { id: van.id, name: "Van" },
      rule: { id: rule.id, name: "Speeding" },
      fired_at: new Date(T0).toISOString(),
      message: "Speed 104 km/h",
      position: {
        latitude: 54.6872,
        longitude: 25.2797,
        speed: 104,
        course: 90,
        date_updated: new Date(T0).toISOString(),
        address: { street: null, town: "Vilnius", country: "LT" },
      },
      details: { speed_kmh: 104, limit_kmh: 90, duration_s: 30 },
    });
    expect(await getFiredAlert({ accountId: account.id, alertId: message!.id })).toEqual(all.data[2]);
    expect((await failure(getFiredAlert({ accountId: other.id, alertId: message!.id }))).code).toBe("ALERT_NOT_FOUND");

    const vans = await listFiredAlerts({ accountId: account.id, query: { asset_id: String(van.id) } });
    expect(vans.data).toHaveLength(2);
    const window = await listFiredAlerts({
      accountId: account.id,
      query: { from: new Date(T0 + 30_000).toISOString(), to: new Date(T0 + 90_000).toISOString() },
    });
    expect(window.data.map((a) => a.asset.name)).toEqual(["Truck"]);
    expect((await listFiredAlerts({ accountId: account.id, query: { type: "IDLING" } })).data).toEqual([]);

    const first = await listFiredAlerts({ accountId: account.id, query: { limit: "2" } });
    const second = await listFiredAlerts({ accountId: account.id, query: { limit: "2", cursor: first.next_cursor! } });
    expect([...first.data, ...second.data].map((a) => a.id)).toEqual(all.data.map((a) => a.id));
    expect(second.next_cursor).toBeNull();

    // a deleted rule leaves its alerts, with its name
    await deleteAlertRule({ accountId: account.id, ruleId: rule.id });
    expect((await listFiredAlerts({ accountId: account.id, query: {} })).data[0]!.rule).toEqual({ id: null, name: "Speeding" });

    const bad = await failure(listFiredAlerts({ accountId: account.id, query: { type: "NOPE", limit: "0", from: "yesterday" } }));
    expect(bad.errors.map((e) => e.field).sort()).toEqual(["from", "limit", "type"]);
  });
});
