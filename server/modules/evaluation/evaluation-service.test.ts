// The evaluation service against a real database (both kinds) and real memory hubs: positions on the process-local
// hub become stored alerts published on the cluster hub; rule and entitlement changes take effect at once; health
// and behaviour follow the add-ons (behaviour events are stored too); the connectivity gate fires each transition once across two "nodes" (two
// services on one database), survives a restart and gives devices a silence period after a cold start.
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createMemoryHub, setHub, type Hub, type HubEvents } from "../../hub";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { createAlertRule } from "../alerts/create-alert-rule";
import { changeGroupAssets } from "../asset-groups/change-group-assets";
import { createAssetGroup } from "../asset-groups/create-asset-group";
import { replaceAssetGroup } from "../asset-groups/replace-asset-group";
import { changeTagMembers } from "../tags/change-tag-members";
import { createTag } from "../tags/create-tag";
import { deleteTag } from "../tags/delete-tag";
import { updateAlertRule } from "../alerts/update-alert-rule";
import type { LivePosition } from "../positions/live-position";
import { EvaluationService } from "./evaluation-service";
import { TestDrive } from "../../testing/test-drive";
import { testImei } from "../../testing/test-imei";

const logger = pino({ level: "silent" });
const MINUTE = 60_000;

function collect<E extends keyof HubEvents>(hub: Hub, event: E): HubEvents[E][] {
  const seen: HubEvents[E][] = [];
  hub.subscribe(event, (payload) => seen.push(payload));
  return seen;
}

/** a whole minute an hour from now: the services' clocks are driven by hand from there */
const future = () => Math.ceil(Date.now() / MINUTE) * MINUTE + 60 * MINUTE;

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe.each(databaseKinds())("evaluation service on %s", (kind) => {
  const t = useTestDatabase(kind);
  let hub: Hub;
  const services: EvaluationService[] = [];

  beforeAll(() => {
    hub = createMemoryHub();
    setHub(hub); // rule changes are announced on it
  });
  afterEach(async () => {
    for (const service of services.splice(0)) await service.stop();
  });
  afterAll(async () => {
    setHub(undefined);
    await hub.close();
  });

  function node(options: { now?: () => number } = {}) {
    const local = createMemoryHub();
    const service = new EvaluationService({ prisma: t.db, hub, local, logger, timers: false, ...options }).start();
    services.push(service);
    return {
      service,
      local,
      async send(...positions: LivePosition[]) {
        for (const position of positions) await local.publish("position", position);
        await settle();
        await service.drain();
      },
    };
  }

  async function fleet(options: { addons?: { mobility?: boolean; driver?: boolean }; start?: number } = {}) {
    const account = await createAccount({
      name: "Evaluated",
      plan: "detailed",
      addons: { mobility: options.addons?.mobility ?? false, driver: options.addons?.driver ?? false },
    });
    const asset = await createAsset({ accountId: account.id, name: "Van", imei: testImei() });
    return { account, asset, drive: new TestDrive({ accountId: account.id, assetId: asset.id, start: options.start }) };
  }

  it("stores a fired alert with its position and publishes it with the stored id; rule edits apply to the next position", async () => {
    const { account, asset, drive } = await fleet();
    const alerts = collect(hub, "alert");
    const rule = await createAlertRule({ accountId: account.id, body: { name: "Keys", type: "IGNITION", cooldown_s: 0 } });
    const { send } = node();
    await send(drive.record({ ignition: false }), drive.record({ ignition: true, latitude: 54.69, longitude: 25.28 }));
    const mine = () => alerts.filter((a) => a.accountId === account.id);
    expect(mine()).toMatchObject([
      {
        version: 1,
        assetId: asset.id,
        type: "IGNITION_ON",
        rule: { id: rule.id, name: "Keys", type: "IGNITION" },
        message: "Ignition switched on",
        position: { latitude: 54.69, longitude: 25.28, wsSeq: 2 },
        details: {},
      },
    ]);
    const stored = await t.db.alert.findUniqueOrThrow({ where: { id: mine()[0]!.id } });
    expect(stored).toMatchObject({ assetId: asset.id, ruleId: rule.id, type: "IGNITION_ON", latitude: 54.69, longitude: 25.28 });

    await updateAlertRule({ accountId: account.id, ruleId: rule.id, body: { name: "Keys off", type: "IGNITION", cooldown_s: 0, params: { trigger: "off" } } });
    await settle();
    await send(drive.record({ ignition: false }), drive.record({ ignition: true }), drive.record({ ignition: false }));
    // the edit reset the rule's state, so the first record only set it; then on (not watched) and off
    expect(mine().map((a) => [a.type, a.rule.name])).toEqual([
      ["IGNITION_ON", "Keys"],
      ["IGNITION_OFF", "Keys off"],
    ]);
  });

  it("applies a group rule to an asset added to a subgroup after the rule was made, until it is taken out; never to one outside", async () => {
    const { account, asset: inside, drive } = await fleet();
    const outside = await createAsset({ accountId: account.id, name: "Truck", imei: testImei() });
    const other = new TestDrive({ accountId: account.id, assetId: outside.id });
    const region = await createAssetGroup({ accountId: account.id, body: { name: "North" } });
    const depot = await createAssetGroup({ accountId: account.id, body: { name: "Depot", parent_id: region.id } });
    const alerts = collect(hub, "alert");
    await createAlertRule({ accountId: account.id, body: { name: "North keys", type: "IGNITION", cooldown_s: 0, params: { trigger: "on" }, group_ids: [region.id] } });
    const { send } = node();
    const fired = () => alerts.filter((a) => a.accountId === account.id).map((a) => a.assetId);
    const toggle = () => [drive.record({ ignition: false }), drive.record({ ignition: true }), other.record({ ignition: false }), other.record({ ignition: true })];

    await send(...toggle());
    expect(fired()).toEqual([]); // the group holds no asset yet: the rule watches none (not every asset)

    await changeGroupAssets({ accountId: account.id, groupId: depot.id, change: "add", assetIds: [inside.id] });
    await settle();
    await send(...toggle());
    expect(fired()).toEqual([inside.id]);

    await changeGroupAssets({ accountId: account.id, groupId: depot.id, change: "remove", assetIds: [inside.id] });
    await settle();
    await send(...toggle());
    expect(fired()).toEqual([inside.id]);

    // a group moved under the targeted one brings its assets along
    const loose = await createAssetGroup({ accountId: account.id, body: { name: "Loose" } });
    await changeGroupAssets({ accountId: account.id, groupId: loose.id, change: "add", assetIds: [outside.id] });
    await settle();
    await send(...toggle());
    expect(fired()).toEqual([inside.id]);
    await replaceAssetGroup({ accountId: account.id, groupId: loose.id, body: { name: "Loose", parent_id: depot.id } });
    await settle();
    await send(...toggle());
    expect(fired()).toEqual([inside.id, outside.id]);
  });

  it("applies a tag rule to the assets carrying the tag when the position is evaluated", async () => {
    const { account, asset: tagged, drive } = await fleet();
    const untagged = await createAsset({ accountId: account.id, name: "Truck", imei: testImei() });
    const other = new TestDrive({ accountId: account.id, assetId: untagged.id });
    const reefer = await createTag({ accountId: account.id, body: { name: "Reefer", color: "#0088ff" } });
    const alerts = collect(hub, "alert");
    await createAlertRule({ accountId: account.id, body: { name: "Reefer keys", type: "IGNITION", cooldown_s: 0, params: { trigger: "on" }, tag_ids: [reefer.id] } });
    const { send } = node();
    const fired = () => alerts.filter((a) => a.accountId === account.id).map((a) => a.assetId);
    const toggle = () => [drive.record({ ignition: false }), drive.record({ ignition: true }), other.record({ ignition: false }), other.record({ ignition: true })];

    await send(...toggle());
    expect(fired()).toEqual([]);
    await changeTagMembers({ accountId: account.id, tagId: reefer.id, kind: "asset", change: "add", ids: [tagged.id] });
    await settle();
    await send(...toggle());
    expect(fired()).toEqual([tagged.id]);
    await deleteTag({ accountId: account.id, tagId: reefer.id });
    await settle();
    await send(...toggle());
    expect(fired()).toEqual([tagged.id]); // a deleted tag picks no asset (and the rule does not widen to every asset)
  });

  it("stores a DEVICE_ALARM alert for a position carrying a device alarm (a GT06 sos)", async () => {
    const { account, asset, drive } = await fleet();
    const alerts = collect(hub, "alert");
    const rule = await createAlertRule({ accountId: account.id, body: { name: "Panic", type: "DEVICE_ALARM", cooldown_s: 0 } });
    const { send } = node();
    // the pipeline puts a record's alarm on the position it publishes (tracker/pipeline/enrich.ts)
    await send(drive.record(), { ...drive.record(), protocol: "gt06", alarm: "sos" });
    const mine = alerts.filter((a) => a.accountId === account.id);
    expect(mine).toMatchObject([
      { type: "DEVICE_ALARM", rule: { id: rule.id, type: "DEVICE_ALARM" }, details: { alarm: "sos", protocol: "gt06" }, message: "The tracker raised an alarm: sos" },
    ]);
    expect(await t.db.alert.findUniqueOrThrow({ where: { id: mine[0]!.id } })).toMatchObject({ assetId: asset.id, type: "DEVICE_ALARM" });
  });

  it("publishes vehicle_health only with the mobility add-on and driver_behavior only with the driver add-on", async () => {
    const plain = await fleet();
    const both = await fleet({ addons: { mobility: true, driver: true } });
    const health = collect(hub, "vehicle_health");
    const behavior = collect(hub, "driver_behavior");
    const { send } = node();
    for (const { drive } of [plain, both]) {
      await send(drive.record({ speed: 20 }), drive.record({ speed: 60, after: 2, io: { u8: { 253: 1, 254: 45 } } }));
    }
    expect(health.map((h) => h.assetId)).toEqual([both.asset.id]);
    expect(health[0]).toMatchObject({ version: 1, accountId: both.account.id, externalVoltage: 13.8, changed: expect.any(Array) });
    expect(behavior.map((b) => [b.assetId, b.type, b.source])).toEqual([[both.asset.id, "harsh_acceleration", "device"]]);
    // and stored, for driver scorecards
    const stored = await t.db.driverBehaviorEvent.findMany({
      where: { assetId: { in: [plain.asset.id, both.asset.id] } },
      select: { accountId: true, assetId: true, type: true, at: true, score: true, severity: true },
    });
    expect(stored).toEqual([
      { accountId: both.account.id, assetId: both.asset.id, type: "harsh_acceleration", at: new Date(behavior[0]!.at), score: behavior[0]!.score, severity: behavior[0]!.severity },
    ]);

    // an add-on granted later counts from the account's next position once account.changed is heard
    await t.db.account.update({ where: { id: plain.account.id }, data: { addonMobility: true } });
    await hub.publish("account.changed", { accountId: plain.account.id });
    await settle();
    await send(plain.drive.record());
    expect(health.map((h) => h.assetId)).toEqual([both.asset.id, plain.asset.id]);
  });

  it("does not repeat trouble codes already alerted before a restart", async () => {
    const { account, drive } = await fleet();
    const alerts = collect(hub, "alert");
    await createAlertRule({ accountId: account.id, body: { name: "Faults", type: "DTC_DETECTED", cooldown_s: 0 } });
    const codes = (text: string) => ({ hex: { 281: Buffer.from(text, "latin1").toString("hex") } });
    const before = node();
    await before.send(drive.record({ io: codes("P0300") }));
    await before.service.stop();
    const after = node(); // a restart: nothing in memory
    await after.send(drive.record({ io: codes("P0300") }), drive.record({ io: codes("P0300,P0171") }));
    expect(alerts.filter((a) => a.accountId === account.id).map((a) => a.type === "DTC_DETECTED" && a.details.newCodes)).toEqual([
      ["P0300"],
      ["P0171"],
    ]);
  });

  describe("connectivity gate", () => {
    /** `target`: what the rule watches besides (default: every asset), given the account */
    async function silentFleet(silenceMinutes: number, lastHeard: number, target?: (accountId: number) => Promise<Record<string, unknown>>) {
      // records start ten seconds before the last one heard
      const { account, asset, drive } = await fleet({ start: lastHeard - 10_000 });
      const rule = await createAlertRule({
        accountId: account.id,
        body: { name: "Silence", type: "CONNECTIVITY", params: { silence_minutes: silenceMinutes }, ...(await target?.(account.id)) },
      });
      const last = drive.record({ latitude: 54.7, longitude: 25.3 });
      await t.db.assetState.create({
        data: {
          assetId: asset.id,
          positionId: 0n,
          fixTime: new Date(last.dateUpdated),
          receivedAt: new Date(lastHeard),
          wsSeq: BigInt(last.wsSeq),
          payload: last as never,
        },
      });
      return { account, asset, rule, drive };
    }

    async function sweep(...nodes: { service: EvaluationService }[]) {
      for (const n of nodes) n.service.sweep();
      for (const n of nodes) await n.service.drain();
    }

    it("declares a silent tracker offline once across two nodes, and online once when it logs in again", async () => {
      const T0 = future(); // the rule (created now, on the real clock) is older than anything here
      let now = T0 - 60 * MINUTE;
      const clock = () => now;
      const a = node({ now: clock });
      const b = node({ now: clock });
      const { account, asset, rule } = await silentFleet(5, T0);
      const alerts = collect(hub, "alert");
      const mine = () => alerts.filter((x) => x.accountId === account.id);

      now = T0 + 4 * MINUTE;
      await sweep(a, b);
      expect(mine()).toEqual([]);

      now = T0 + 6 * MINUTE;
      await sweep(a, b);
      expect(mine()).toMatchObject([
        {
          type: "TRACKER_OFFLINE",
          assetId: asset.id,
          rule: { id: rule.id, type: "CONNECTIVITY" },
          firedAt: T0 + 6 * MINUTE,
          details: { lastHeardAt: T0, silenceS: 300 },
          position: { latitude: 54.7, longitude: 25.3, wsSeq: null },
        },
      ]);
      now = T0 + 7 * MINUTE;
      await sweep(a, b); // still silent: already declared, nothing new
      expect(mine()).toHaveLength(1);

      // the device comes back on node B
      b.local.publish("tracker.connection", { accountId: account.id, assetId: asset.id, trackerId: 1, imei: "x", online: true, at: now });
      await settle();
      await b.service.drain();
      expect(mine().map((x) => x.type)).toEqual(["TRACKER_OFFLINE", "TRACKER_ONLINE"]);
      expect(mine()[1]).toMatchObject({ details: { lastHeardAt: T0, offlineS: 420, silenceS: 300 } });
      // the login counts as heard: no new offline until the silence has passed again
      now = T0 + 10 * MINUTE;
      await sweep(a, b);
      expect(mine()).toHaveLength(2);
      now = T0 + 13 * MINUTE;
      await sweep(a, b);
      expect(mine().map((x) => x.type)).toEqual(["TRACKER_OFFLINE", "TRACKER_ONLINE", "TRACKER_OFFLINE"]);
    });

    it("declares offline only the silent trackers of a tag rule's assets as tagged at the sweep", async () => {
      const T0 = future();
      let now = T0 - 60 * MINUTE;
      const a = node({ now: () => now });
      let tagId = 0;
      const { account, asset } = await silentFleet(5, T0, async (accountId) => {
        tagId = (await createTag({ accountId, body: { name: "Watched", color: "#aa0000" } })).id;
        return { tag_ids: [tagId] };
      });
      const alerts = collect(hub, "alert");
      const mine = () => alerts.filter((x) => x.accountId === account.id).map((x) => [x.type, x.assetId]);

      now = T0 + 6 * MINUTE;
      await sweep(a);
      expect(mine()).toEqual([]); // silent long enough, but not tagged: the rule does not watch it
      await changeTagMembers({ accountId: account.id, tagId, kind: "asset", change: "add", ids: [asset.id] });
      now = T0 + 7 * MINUTE;
      await sweep(a);
      expect(mine()).toEqual([["TRACKER_OFFLINE", asset.id]]);
    });

    it("fires online on the first record a node sees after the silence (no login seen, e.g. UDP)", async () => {
      const T0 = future(); // the rule (created now, on the real clock) is older than anything here
      let now = T0 - 60 * MINUTE;
      const a = node({ now: () => now });
      const { account, drive } = await silentFleet(5, T0);
      const alerts = collect(hub, "alert");
      now = T0 + 8 * MINUTE;
      await sweep(a);
      const b = node({ now: () => now });
      await b.send(drive.record({ after: 8 * 60 }));
      expect(alerts.filter((x) => x.accountId === account.id).map((x) => x.type)).toEqual(["TRACKER_OFFLINE", "TRACKER_ONLINE"]);
    });

    it("after a cold start gives devices one silence period to come back before declaring them offline", async () => {
      const T0 = future(); // the rule (created now, on the real clock) is older than anything here
      let now = T0 + 60 * MINUTE; // the whole cluster was down for an hour
      const restarted = node({ now: () => now });
      const { account } = await silentFleet(5, T0);
      const alerts = collect(hub, "alert");
      now += 4 * MINUTE;
      await sweep(restarted);
      expect(alerts.filter((x) => x.accountId === account.id)).toEqual([]);
      now += 2 * MINUTE;
      await sweep(restarted);
      expect(alerts.filter((x) => x.accountId === account.id).map((x) => x.type)).toEqual(["TRACKER_OFFLINE"]);
    });

    it("does not declare offline a tracker that logged in on another node meanwhile", async () => {
      const T0 = future(); // the rule (created now, on the real clock) is older than anything here
      let now = T0 - 60 * MINUTE;
      const a = node({ now: () => now });
      const b = node({ now: () => now });
      const { account, asset } = await silentFleet(5, T0);
      const alerts = collect(hub, "alert");
      now = T0 + 4 * MINUTE;
      b.local.publish("tracker.connection", { accountId: account.id, assetId: asset.id, trackerId: 1, imei: "x", online: true, at: now });
      await settle();
      await b.service.drain();
      now = T0 + 6 * MINUTE;
      await sweep(a);
      expect(alerts.filter((x) => x.accountId === account.id)).toEqual([]);
      expect(await t.db.assetPresence.findUnique({ where: { assetId: asset.id } })).toMatchObject({ lastConnectedAt: new Date(T0 + 4 * MINUTE) });
    });
  });
});
