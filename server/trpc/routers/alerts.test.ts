// Alerts and geofences through the dashboard API, on every database kind: who may read and change them, account
// isolation, field errors for forms, and the live notice when an alert fires.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryHub, setHub, type Hub } from "../../hub";
import { setAccountQuotas } from "../../modules/accounts/account-quotas";
import { recordAlert } from "../../modules/alerts/record-alert";
import { createAssetGroup } from "../../modules/asset-groups/create-asset-group";
import { createTag } from "../../modules/tags/create-tag";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, refusal, type FixtureAccount } from "../../testing/trpc-fixtures";
import { accountAlerts } from "./alerts";

const circle = { name: "Depot", shape: "circle", center: { latitude: 54.6872, longitude: 25.2797 }, radius_m: 250 };

describe.each(databaseKinds())("alerts and geofences routers on %s", (kind) => {
  const t = useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;
  let hub: Hub;

  beforeAll(async () => {
    hub = createMemoryHub();
    setHub(hub);
    a = await createFixtureAccount("Alerts A");
    b = await createFixtureAccount("Alerts B");
  });
  afterAll(async () => {
    setHub(undefined);
    await hub.close();
  });

  /** an "ignition on" alert of account A fired now by `rule` for the asset (the message the hub would carry) */
  const ignitionOn = (assetId: number, rule: { id: number; name: string }) =>
    recordAlert(t.db, {
      accountId: a.id,
      assetId,
      rule: { id: rule.id, name: rule.name, type: "IGNITION" },
      firing: { type: "IGNITION_ON", details: {}, firedAt: Date.now(), message: "Ignition switched on" },
      position: null,
    });

  it("lets admins and fleet managers manage rules and geofences; everyone in the account reads them", async () => {
    const manager = callerFor(a.users.fleet_manager);
    const fence = await manager.geofences.create({ accountKey: a.key, body: circle });
    const rule = await manager.alerts.createRule({
      accountKey: a.key,
      body: { name: "Depot", type: "GEOFENCE", params: { geofence_id: fence.id } },
    });
    expect(rule).toMatchObject({ type: "GEOFENCE", params: { geofence_id: fence.id, trigger: "both" } });
    for (const role of ["admin", "office_staff", "viewer"] as const) {
      const reader = callerFor(a.users[role]);
      expect((await reader.alerts.rules({ accountKey: a.key })).data.map((r) => r.id)).toContain(rule.id);
      expect((await reader.geofences.list({ accountKey: a.key })).data.map((g) => g.id)).toContain(fence.id);
    }
    for (const role of ["office_staff", "viewer"] as const) {
      const caller = callerFor(a.users[role]);
      expect((await refusal(caller.alerts.createRule({ accountKey: a.key, body: { name: "x", type: "IGNITION" } }))).code).toBe("FORBIDDEN");
      expect((await refusal(caller.geofences.delete({ accountKey: a.key, geofenceId: fence.id }))).code).toBe("FORBIDDEN");
    }
    const updated = await callerFor(a.users.admin).alerts.updateRule({
      accountKey: a.key,
      ruleId: rule.id,
      body: { name: "Depot entry", type: "GEOFENCE", params: { geofence_id: fence.id, trigger: "enter" } },
    });
    expect(updated.params).toEqual({ geofence_id: fence.id, trigger: "enter" });
    const inUse = await refusal(manager.geofences.delete({ accountKey: a.key, geofenceId: fence.id }));
    expect(inUse.code).toBe("CONFLICT");
    await manager.alerts.deleteRule({ accountKey: a.key, ruleId: rule.id });
    await manager.geofences.delete({ accountKey: a.key, geofenceId: fence.id });
  });

  it("keeps accounts apart and returns field errors for forms", async () => {
    const rule = await callerFor(b.users.admin).alerts.createRule({ accountKey: b.key, body: { name: "B", type: "IGNITION" } });
    const notFound = await refusal(callerFor(a.users.admin).alerts.deleteRule({ accountKey: a.key, ruleId: rule.id }));
    expect(notFound.code).toBe("NOT_FOUND");
    const outsider = await refusal(callerFor(a.users.admin).alerts.rules({ accountKey: b.key }));
    expect(outsider.code).toBe("NOT_FOUND");

    const invalid = await refusal(
      callerFor(a.users.admin).alerts.createRule({ accountKey: a.key, body: { name: "", type: "IDLING", params: { idle_minutes: 0 } } }),
    );
    expect(invalid.code).toBe("BAD_REQUEST");
    expect((invalid.cause as { errors?: { field: string }[] }).errors?.map((e) => e.field).sort()).toEqual(["name", "params.idle_minutes"]);
  });

  it("round-trips a rule's groups and tags, and refuses another account's with a field error", async () => {
    const admin = callerFor(a.users.admin);
    const group = await createAssetGroup({ accountId: a.id, body: { name: "Rule targets" } });
    const tag = await createTag({ accountId: a.id, body: { name: "Rule target", color: "#00aa00" } });
    const rule = await admin.alerts.createRule({ accountKey: a.key, body: { name: "Group keys", type: "IGNITION", group_ids: [group.id], tag_ids: [tag.id] } });
    expect(rule).toMatchObject({ asset_ids: [], group_ids: [group.id], tag_ids: [tag.id] });
    expect((await admin.alerts.rules({ accountKey: a.key })).data.find((r) => r.id === rule.id)).toMatchObject({ group_ids: [group.id], tag_ids: [tag.id] });
    const updated = await admin.alerts.updateRule({ accountKey: a.key, ruleId: rule.id, body: { name: "Tag keys", type: "IGNITION", tag_ids: [tag.id] } });
    expect(updated).toMatchObject({ group_ids: [], tag_ids: [tag.id] });
    const theirs = await createAssetGroup({ accountId: b.id, body: { name: "B's group" } });
    const refused = await refusal(admin.alerts.createRule({ accountKey: a.key, body: { name: "x", type: "IGNITION", group_ids: [theirs.id] } }));
    expect(refused.code).toBe("BAD_REQUEST");
    expect((refused.cause as { errors?: { field: string }[] }).errors?.map((e) => e.field)).toEqual(["group_ids"]);
    await admin.alerts.deleteRule({ accountKey: a.key, ruleId: rule.id });
  });

  it("refuses a rule or geofence past the account's quota with a message the form shows", async () => {
    const admin = callerFor(b.users.admin);
    await admin.alerts.createRule({ accountKey: b.key, body: { name: "Keys", type: "IGNITION" } });
    const held = (await admin.alerts.rules({ accountKey: b.key })).data.length;
    setAccountQuotas({ alert_rules: held });
    try {
      const refused = await refusal(admin.alerts.createRule({ accountKey: b.key, body: { name: "One more", type: "IGNITION" } }));
      expect(refused.code).toBe("BAD_REQUEST");
      expect(refused.message).toBe(
        `An account can have at most ${held} alert rules and this one has ${held}; delete alert rules it no longer uses first.`,
      );
      expect((refused.cause as { code?: string }).code).toBe("QUOTA_EXCEEDED");
    } finally {
      setAccountQuotas(undefined);
    }
  });

  it("lists fired alerts and notifies the account's subscribers (only them) when one fires", async () => {
    const asset = await t.db.asset.create({ data: { accountId: a.id, name: "Van" }, select: { id: true } });
    const controller = new AbortController();
    const stream = accountAlerts(a.id, controller.signal);
    const first = stream.next();
    await hub.publish("alert", {
      version: 1,
      accountId: b.id,
      assetId: 1,
      id: 1,
      rule: { id: 1, name: "x", type: "IGNITION" },
      type: "IGNITION_ON",
      firedAt: 0,
      message: "not for A",
      position: null,
      details: {},
    });
    const rule = await callerFor(a.users.admin).alerts.createRule({ accountKey: a.key, body: { name: "Keys", type: "IGNITION" } });
    const message = await ignitionOn(asset.id, rule);
    await hub.publish("alert", message!);
    expect((await first).value).toEqual({ id: message!.id, assetId: asset.id, type: "IGNITION_ON", message: "Ignition switched on" });
    controller.abort();
    await stream.return(undefined);

    const listed = await callerFor(a.users.viewer).alerts.fired({ accountKey: a.key, type: "IGNITION_ON" });
    expect(listed.data.map((alert) => alert.id)).toContain(message!.id);
    expect(listed.data[0]).toMatchObject({ asset: { id: asset.id, name: "Van" }, position: null });
  });

  it("reads one fired alert by id for every reader of the account; another account's or a deleted one is NOT_FOUND", async () => {
    const asset = await t.db.asset.create({ data: { accountId: a.id, name: "Linked van" }, select: { id: true } });
    const rule = await callerFor(a.users.admin).alerts.createRule({ accountKey: a.key, body: { name: "Linked keys", type: "IGNITION" } });
    const alert = await ignitionOn(asset.id, rule);
    const read = await callerFor(a.users.viewer).alerts.get({ accountKey: a.key, alertId: alert!.id });
    expect(read).toMatchObject({ id: alert!.id, type: "IGNITION_ON", asset: { id: asset.id, name: "Linked van" }, rule: { id: rule.id } });

    // B's admin names A's alert under B's own key: not found, as if it did not exist
    expect((await refusal(callerFor(b.users.admin).alerts.get({ accountKey: b.key, alertId: alert!.id }))).code).toBe("NOT_FOUND");
    // and cannot read under A's key either, not being a member
    expect((await refusal(callerFor(b.users.admin).alerts.get({ accountKey: a.key, alertId: alert!.id }))).code).toBe("NOT_FOUND");
    await t.db.alert.delete({ where: { id: alert!.id } });
    expect((await refusal(callerFor(a.users.viewer).alerts.get({ accountKey: a.key, alertId: alert!.id }))).code).toBe("NOT_FOUND");
  });

  it("lists the members a rule may notify to every reader, keeps a rule's notify block exactly, and lets only managers acknowledge", async () => {
    const members = await callerFor(a.users.viewer).alerts.members({ accountKey: a.key });
    expect(members.map((m) => m.id).sort((x, y) => x - y)).toEqual(Object.values(a.users).sort((x, y) => x - y));
    expect(Object.keys(members[0]!).sort()).toEqual(["email", "id", "name", "role"]);
    expect((await refusal(callerFor(a.users.admin).alerts.members({ accountKey: b.key }))).code).toBe("NOT_FOUND");

    const manager = callerFor(a.users.fleet_manager);
    const notify = {
      channels: ["in_app", "email"],
      roles: [],
      user_ids: [a.users.fleet_manager],
      emails: ["night@example.com"],
      phones: [],
      critical: true,
      escalation: [{ after_minutes: 5, channels: ["sms"], roles: ["admin"], user_ids: [], emails: [], phones: ["+37060012345"] }],
    };
    const rule = await manager.alerts.createRule({ accountKey: a.key, body: { name: "Critical keys", type: "IGNITION", notify } });
    expect(rule.notify).toEqual(notify);
    const { id: _id, created_at: _c, updated_at: _u, ...body } = rule;
    const again = await manager.alerts.updateRule({ accountKey: a.key, ruleId: rule.id, body });
    expect(again.notify).toEqual(notify);
    const outsider = await refusal(
      manager.alerts.updateRule({ accountKey: a.key, ruleId: rule.id, body: { ...body, notify: { ...notify, user_ids: [b.users.admin], emails: ["bad@"] } } }),
    );
    expect((outsider.cause as { errors?: { field: string }[] }).errors?.map((e) => e.field)).toEqual(["notify.emails.0"]);

    const asset = await t.db.asset.create({ data: { accountId: a.id, name: "Truck" }, select: { id: true } });
    const alert = await ignitionOn(asset.id, rule);
    for (const role of ["viewer", "office_staff"] as const) {
      const refused = await refusal(callerFor(a.users[role]).alerts.acknowledge({ accountKey: a.key, alertId: alert!.id }));
      expect(refused.code).toBe("FORBIDDEN");
    }
    const ack = await manager.alerts.acknowledge({ accountKey: a.key, alertId: alert!.id });
    expect(ack).toMatchObject({ acknowledged_now: true, acknowledged_by: expect.stringContaining("fleet_manager user <fleet_manager-") });
    const seen = await callerFor(a.users.viewer).alerts.deliveries({ accountKey: a.key, alertId: alert!.id });
    expect(seen).toMatchObject({ alert_id: alert!.id, acknowledged_at: ack.acknowledged_at, acknowledged_by: ack.acknowledged_by });
  });
});
