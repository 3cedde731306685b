// The position-driven rules on live positions made from real Teltonika records (TestDrive encodes, decodes and
// enriches each one like the pipeline): what fires, when, and what does not.
import { describe, expect, it } from "vitest";
import { DEPOT, TestDrive } from "../../testing/test-drive";
import type { GeofenceRow } from "../geofences/geofences.schema";
import { ZAlertRuleBody } from "./alerts.schema";
import { AlertEvaluator } from "./alert-evaluator";
import { compileRule, type CompiledRule } from "./compiled-rule";
import { encodeDtc, readDtc } from "./dtc-codes";
import { parseClockMinutes } from "../time/zoned-time";

const ACCOUNT = 1;
const ASSET = 7;
let nextId = 1;

function rule(body: Record<string, unknown>, geofence: GeofenceRow | null = null, version = 1, timeZone = "UTC"): CompiledRule {
  const parsed = ZAlertRuleBody.parse({ name: "Rule", cooldown_s: 0, ...body });
  const compiled = compileRule({
    id: nextId++,
    accountId: ACCOUNT,
    name: parsed.name,
    type: parsed.type,
    enabled: true,
    assetIds: parsed.asset_ids,
    groupIds: parsed.group_ids,
    tagIds: parsed.tag_ids,
    cooldownS: parsed.cooldown_s,
    params: parsed.params,
    activeFrom: parsed.active_hours ? parseClockMinutes(parsed.active_hours.from) : null,
    activeTo: parsed.active_hours ? parseClockMinutes(parsed.active_hours.to) : null,
    createdAt: new Date(0),
    updatedAt: new Date(version),
    geofence,
  }, [], timeZone);
  if (!compiled) throw new Error("rule did not compile");
  return compiled;
}

const depotFence: GeofenceRow = {
  id: 3,
  name: "Depot",
  shape: "circle",
  centerLat: DEPOT.latitude,
  centerLng: DEPOT.longitude,
  radiusM: 200,
  points: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};
const FAR = { latitude: 54.7, longitude: 25.3 }; // about 2 km north-east of the depot

function types(fired: ReturnType<AlertEvaluator["evaluate"]>) {
  return fired.map((f) => f.firing.type);
}

describe("alert rules on live positions", () => {
  it("OVERSPEED fires once the limit was exceeded for the minimum duration, once per episode", () => {
    const evaluator = new AlertEvaluator();
    const rules = [rule({ type: "OVERSPEED", params: { speed_kmh: 90, min_duration_s: 20 } })];
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    expect(evaluator.evaluate(rules, drive.record({ speed: 80 }))).toEqual([]);
    expect(evaluator.evaluate(rules, drive.record({ speed: 100 }))).toEqual([]); // over, for 0 s
    expect(evaluator.evaluate(rules, drive.record({ speed: 104, after: 10 }))).toEqual([]); // 10 s
    const fired = evaluator.evaluate(rules, drive.record({ speed: 108, after: 10 })); // 20 s
    expect(fired).toMatchObject([
      {
        rule: { type: "OVERSPEED" },
        firing: { type: "OVERSPEED", details: { speedKmh: 108, limitKmh: 90, durationS: 20 }, message: expect.stringContaining("108 km/h") },
      },
    ]);
    expect(evaluator.evaluate(rules, drive.record({ speed: 110 }))).toEqual([]); // same episode
    expect(evaluator.evaluate(rules, drive.record({ speed: 88 }))).toEqual([]); // within the re-arm margin
    expect(evaluator.evaluate(rules, drive.record({ speed: 100 }))).toEqual([]); // still the same episode
    expect(evaluator.evaluate(rules, drive.record({ speed: 60 }))).toEqual([]); // re-armed
    evaluator.evaluate(rules, drive.record({ speed: 95 }));
    expect(types(evaluator.evaluate(rules, drive.record({ speed: 95, after: 25 })))).toEqual(["OVERSPEED"]);
  });

  it("GEOFENCE fires on crossing the edge, never for where the first fix is", () => {
    const evaluator = new AlertEvaluator();
    const rules = [rule({ type: "GEOFENCE", params: { geofence_id: 3 } }, depotFence)];
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    expect(evaluator.evaluate(rules, drive.record({ ...DEPOT }))).toEqual([]); // first fix: inside, no alert
    expect(evaluator.evaluate(rules, drive.record({ ...FAR, speed: 40 }))).toMatchObject([
      { firing: { type: "GEOFENCE_EXIT", details: { geofenceId: 3, geofenceName: "Depot" }, message: "Left Depot" } },
    ]);
    expect(evaluator.evaluate(rules, drive.record({ ...FAR, speed: 30 }))).toEqual([]);
    expect(types(evaluator.evaluate(rules, drive.record({ latitude: DEPOT.latitude + 0.001, longitude: DEPOT.longitude, speed: 10 })))).toEqual([
      "GEOFENCE_ENTER",
    ]);
    // a fix without GNSS (0, 0) is no crossing
    expect(evaluator.evaluate(rules, drive.record({ latitude: 0, longitude: 0 }))).toEqual([]);
  });

  it("GEOFENCE with trigger enter ignores exits; polygons work like circles", () => {
    const evaluator = new AlertEvaluator();
    const square: GeofenceRow = {
      ...depotFence,
      id: 4,
      name: "Yard",
      shape: "polygon",
      centerLat: null,
      centerLng: null,
      radiusM: null,
      points: [
        { latitude: 54.686, longitude: 25.278 },
        { latitude: 54.686, longitude: 25.282 },
        { latitude: 54.689, longitude: 25.282 },
        { latitude: 54.689, longitude: 25.278 },
      ],
    };
    const rules = [rule({ type: "GEOFENCE", params: { geofence_id: 4, trigger: "enter" } }, square)];
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    evaluator.evaluate(rules, drive.record({ ...FAR }));
    expect(types(evaluator.evaluate(rules, drive.record({ ...DEPOT, speed: 20 })))).toEqual(["GEOFENCE_ENTER"]);
    expect(evaluator.evaluate(rules, drive.record({ ...FAR, speed: 20 }))).toEqual([]);
  });

  it("IGNITION fires on each change after the first known state", () => {
    const evaluator = new AlertEvaluator();
    const rules = [rule({ type: "IGNITION" })];
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    expect(evaluator.evaluate(rules, drive.record({ ignition: false }))).toEqual([]);
    expect(evaluator.evaluate(rules, drive.record({ ignition: null }))).toEqual([]); // record without AVL 239
    expect(types(evaluator.evaluate(rules, drive.record({ ignition: true })))).toEqual(["IGNITION_ON"]);
    expect(evaluator.evaluate(rules, drive.record({ ignition: true }))).toEqual([]);
    expect(types(evaluator.evaluate(rules, drive.record({ ignition: false })))).toEqual(["IGNITION_OFF"]);
  });

  it("active hours: a rule alerts only between them, in the account's zone, wrapping past midnight", () => {
    const night = { type: "IGNITION", active_hours: { from: "22:00", to: "06:00" } };
    const evaluator = new AlertEvaluator();
    const vilnius = [rule(night, null, 1, "Europe/Vilnius")];
    const utc = [rule(night)];
    // 19:50 UTC is 21:50 in Vilnius (UTC+2 in November)
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET, start: Date.UTC(2026, 10, 23, 19, 50) });
    const both = (step: Parameters<TestDrive["record"]>[0]) => {
      const position = drive.record(step);
      return { vilnius: types(evaluator.evaluate(vilnius, position)), utc: types(evaluator.evaluate(utc, position)) };
    };
    expect(both({ ignition: false })).toEqual({ vilnius: [], utc: [] });
    // switched on at 21:51: before the hours; the state follows, so it is not reported once they begin
    expect(both({ ignition: true, after: 60 })).toEqual({ vilnius: [], utc: [] });
    expect(both({ ignition: true, after: 14 * 60 })).toEqual({ vilnius: [], utc: [] }); // 22:05, no change
    expect(both({ ignition: false, after: 5 * 60 })).toEqual({ vilnius: ["IGNITION_OFF"], utc: [] }); // 22:10 local, 20:10 UTC
    // 05:59 the next morning (03:59 UTC: inside both), then 06:00 (04:00 UTC: outside Vilnius's hours only)
    expect(both({ ignition: true, after: 7 * 3600 + 49 * 60 })).toEqual({ vilnius: ["IGNITION_ON"], utc: ["IGNITION_ON"] });
    expect(both({ ignition: false, after: 60 })).toEqual({ vilnius: [], utc: ["IGNITION_OFF"] });
  });

  it("IDLING fires when the ignition stays on without moving for the limit, once per episode", () => {
    const evaluator = new AlertEvaluator();
    const rules = [rule({ type: "IDLING", params: { idle_minutes: 5 } })];
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    evaluator.evaluate(rules, drive.record({ speed: 30 }));
    evaluator.evaluate(rules, drive.record({ speed: 0 })); // idling starts
    for (let minute = 1; minute < 5; minute++) expect(evaluator.evaluate(rules, drive.record({ speed: 0, after: 60 }))).toEqual([]);
    expect(evaluator.evaluate(rules, drive.record({ speed: 0, after: 60 }))).toMatchObject([
      { firing: { type: "IDLING", details: { idleS: 300, limitS: 300 } } },
    ]);
    expect(evaluator.evaluate(rules, drive.record({ speed: 0, after: 60 }))).toEqual([]);
    evaluator.evaluate(rules, drive.record({ speed: 0, ignition: false })); // switched off: episode over
    evaluator.evaluate(rules, drive.record({ speed: 0, ignition: true }));
    expect(evaluator.evaluate(rules, drive.record({ speed: 0, after: 240 }))).toEqual([]);
  });

  it("LOW_VOLTAGE fires below the threshold and re-arms only clearly above it", () => {
    const evaluator = new AlertEvaluator();
    const rules = [rule({ type: "LOW_VOLTAGE", params: { voltage_v: 11.8 } })];
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    const volts = (mv: number) => drive.record({ io: { u16: { 66: mv } } });
    expect(evaluator.evaluate(rules, volts(12_400))).toEqual([]);
    expect(evaluator.evaluate(rules, volts(11_520))).toMatchObject([
      { firing: { type: "LOW_VOLTAGE", details: { voltageV: 11.52, thresholdV: 11.8 }, message: expect.stringContaining("11.52 V") } },
    ]);
    expect(evaluator.evaluate(rules, volts(11_900))).toEqual([]); // above, but inside the re-arm margin
    expect(evaluator.evaluate(rules, volts(11_600))).toEqual([]);
    expect(evaluator.evaluate(rules, volts(12_300))).toEqual([]); // re-armed
    expect(types(evaluator.evaluate(rules, volts(11_000)))).toEqual(["LOW_VOLTAGE"]);
  });

  it("DTC_DETECTED fires for new OBD and CAN fault codes, not for codes that stay", () => {
    const evaluator = new AlertEvaluator();
    const rules = [rule({ type: "DTC_DETECTED" })];
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    const obd = (text: string) => ({ hex: { 281: Buffer.from(text, "latin1").toString("hex") } });
    expect(evaluator.evaluate(rules, drive.record())).toEqual([]); // no fault IO at all
    expect(evaluator.evaluate(rules, drive.record({ io: obd("P0300") }))).toMatchObject([
      { firing: { type: "DTC_DETECTED", details: { codes: ["P0300"], newCodes: ["P0300"] }, baseline: true } },
    ]);
    expect(evaluator.evaluate(rules, drive.record({ io: obd("P0300") }))).toEqual([]);
    expect(evaluator.evaluate(rules, drive.record({ io: obd("P0300,P0171") }))).toMatchObject([
      { firing: { details: { codes: ["P0171", "P0300"], newCodes: ["P0171"] }, baseline: false } },
    ]);
    expect(evaluator.evaluate(rules, drive.record({ io: obd("") }))).toEqual([]); // cleared
    // the LV-CAN200's AVL 282: two-byte SAE J2012 codes
    const can = { hex: { 282: encodeDtc("P0300") + encodeDtc("U0100") } };
    expect(evaluator.evaluate(rules, drive.record({ io: can }))).toMatchObject([
      { firing: { details: { codes: ["P0300", "U0100"], newCodes: ["P0300", "U0100"] } } },
    ]);
  });

  it("DTC_DETECTED on count-only adapters fires when the count rises", () => {
    const evaluator = new AlertEvaluator();
    const rules = [rule({ type: "DTC_DETECTED" })];
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    expect(evaluator.evaluate(rules, drive.record({ io: { u8: { 160: 0 } } }))).toEqual([]);
    expect(evaluator.evaluate(rules, drive.record({ io: { u8: { 160: 2 } } }))).toMatchObject([
      { firing: { details: { codes: [], count: 2 }, message: "2 fault codes reported by the vehicle" } },
    ]);
    expect(evaluator.evaluate(rules, drive.record({ io: { u8: { 160: 2 } } }))).toEqual([]);
  });

  it("DEVICE_ALARM fires for each position with a listed device alarm, and only then", () => {
    const evaluator = new AlertEvaluator();
    const defaults = rule({ type: "DEVICE_ALARM" });
    const sosOnly = rule({ type: "DEVICE_ALARM", params: { alarms: ["sos"] } });
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    // a GT06 alarm position as the pipeline publishes it: the record's alarm on the position
    const alarm = (name: string) => ({ ...drive.record(), protocol: "gt06", alarm: name });
    expect(evaluator.evaluate([defaults, sosOnly], drive.record())).toEqual([]); // no alarm (Teltonika payloads)
    expect(evaluator.evaluate([defaults, sosOnly], alarm("sos"))).toMatchObject([
      { firing: { type: "DEVICE_ALARM", details: { alarm: "sos", protocol: "gt06" }, message: "The tracker raised an alarm: sos" } },
      { firing: { type: "DEVICE_ALARM" } },
    ]);
    expect(evaluator.evaluate([defaults, sosOnly], alarm("power-cut"))).toMatchObject([{ rule: { id: defaults.id } }]);
    expect(evaluator.evaluate([defaults, sosOnly], alarm("acc-on"))).toEqual([]); // not an alert by default
  });

  it("refuses DEVICE_ALARM rules with names that are not alarm names", () => {
    const parsed = ZAlertRuleBody.safeParse({ name: "Alarms", type: "DEVICE_ALARM", params: { alarms: ["SOS!"] } });
    expect(parsed.success).toBe(false);
    expect(ZAlertRuleBody.safeParse({ name: "Alarms", type: "DEVICE_ALARM", params: { alarms: [] } }).success).toBe(false);
  });

  it("applies the cooldown per rule and asset, and only to the listed assets", () => {
    const evaluator = new AlertEvaluator();
    const rules = [rule({ type: "IGNITION", cooldown_s: 60, asset_ids: [ASSET] })];
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    const other = new TestDrive({ accountId: ACCOUNT, assetId: ASSET + 1 });
    evaluator.evaluate(rules, drive.record({ ignition: false }));
    expect(types(evaluator.evaluate(rules, drive.record({ ignition: true, after: 10 })))).toEqual(["IGNITION_ON"]);
    expect(evaluator.evaluate(rules, drive.record({ ignition: false, after: 10 }))).toEqual([]); // inside the cooldown
    expect(types(evaluator.evaluate(rules, drive.record({ ignition: true, after: 60 })))).toEqual(["IGNITION_ON"]);
    other.record({ ignition: false });
    expect(evaluator.evaluate(rules, other.record({ ignition: false }))).toEqual([]);
    expect(evaluator.evaluate(rules, other.record({ ignition: true }))).toEqual([]); // not a listed asset
  });

  it("starts a rule's state afresh when the rule changes, and forgets deleted rules", () => {
    const evaluator = new AlertEvaluator();
    const v1 = rule({ type: "IGNITION" }, null, 1);
    const drive = new TestDrive({ accountId: ACCOUNT, assetId: ASSET });
    evaluator.evaluate([v1], drive.record({ ignition: false }));
    const v2 = { ...v1, version: 2 };
    expect(evaluator.evaluate([v2], drive.record({ ignition: true }))).toEqual([]); // new version: baseline again
    expect(types(evaluator.evaluate([v2], drive.record({ ignition: false })))).toEqual(["IGNITION_OFF"]);
    evaluator.prune(ACCOUNT, []);
    expect(evaluator.evaluate([v2], drive.record({ ignition: true }))).toEqual([]); // its state was dropped
  });
});

describe("trouble codes", () => {
  it("reads OBD text, J2012 bytes, ASCII from CAN adapters and counts", () => {
    expect(readDtc({ faultCodes: "p0300, P0171;C1234" })).toEqual({ codes: ["C1234", "P0171", "P0300"], count: null });
    expect(readDtc({ canFaultCodes: "0300" + "c100" + "0000" })).toEqual({ codes: ["P0300", "U0100"], count: null });
    expect(readDtc({ canFaultCodes: Buffer.from("B1000,P0420").toString("hex") })).toEqual({ codes: ["B1000", "P0420"], count: null });
    expect(readDtc({ canDtcFaults: 3 })).toEqual({ codes: null, count: 3 });
    expect(readDtc({ externalVoltage: 12 })).toEqual({ codes: null, count: null });
    expect(encodeDtc("C0035")).toBe("4035");
  });
});
