// #27: a fresh start with the demo (the real server without Next, on a new embedded database, its Teltonika, GT06
// and OsmAnd listeners on) seeds the demo, and its simulated fleet, driven over real sockets by a manual clock, makes
// every seeded alert rule fire within the first two minutes of driving; the drivers' iButton lists reach the
// simulated trackers over Codec 12 (synced), and the first closed trips are the drivers' (their keys in IO 78), so the
// scorecards rank them; then the parked control car answers a lock and an unlock sent through vehicle control, over
// its real TCP session.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "./db/client";
import { parseEnv } from "./env";
import { DEMO_ACCOUNT_KEY, DEMO_ADMIN_EMAIL } from "./modules/demo/seed-demo";
import { DEMO_CONTROL_VEHICLE, DEMO_VEHICLES } from "./modules/demo/demo-vehicles";
import { DEMO_RULES } from "./modules/demo/ensure-demo-alert-rules";
import { isWithinActiveHours } from "./modules/alerts/active-hours";
import { getControlCommand } from "./modules/vehicle-control/get-control-command";
import { listDriverScorecards } from "./modules/drivers/list-driver-scorecards";
import { wholeFleet } from "./modules/asset-scope/asset-scope";
import { sendControlCommand } from "./modules/vehicle-control/send-control-command";
import { startFleetline } from "./server";
import { freePort } from "./testing/free-port";
import { ManualClock } from "./testing/manual-clock";
import { pollUntil } from "./testing/poll-until";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const TICK_MS = 3_000; // the demo fleet's reporting interval
const TWO_MINUTES = 120_000;
/**
 * how long the fleet drives: past the end of the first trip of a vehicle with a driver (Van 1 parks about three
 * minutes in; the simulated vehicles drive the same way on every run, simulated-vehicle.ts)
 */
const DRIVE_MS = 200_000;
/** a coverage gap holds a vehicle's records for at most 15 ticks: driving this far past two minutes sends them all */
const FLUSH_MS = 15 * TICK_MS;

/** pollUntil with this file's deadline */
const waitFor = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000) => pollUntil(what, probe, timeoutMs);

describe("the demo on a fresh start", () => {
  it("fires every seeded alert rule within two minutes of driving, syncs the drivers' keys, ranks the drivers of the first trips, and the control car answers lock and unlock over TCP", async () => {
    const dataDir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "fleetline-demo-drives-"));
    dirs.push(dataDir);
    const [teltonika, gt06, osmand] = [await freePort(), await freePort(), await freePort()];
    // the simulated minutes end about now, so the control car's last report is fresh when it is sent a command
    const clock = new ManualClock(Date.now() - DRIVE_MS - FLUSH_MS - 5_000);
    const start = clock.now();
    const running = await startFleetline(
      parseEnv({
        NODE_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        TELTONIKA_PORT: String(teltonika),
        GT06_PORT: String(gt06),
        OSMAND_PORT: String(osmand),
        LOG_LEVEL: "silent",
        FLEET_DEMO: "1",
        DATA_DIR: dataDir,
      }),
      { next: false, demoClock: clock },
    );
    try {
      // the server seeds the rest of the demo in the background, then the fleet drives
      const simulator = (await running.demoFleet!.ready)!;
      expect(simulator.stats.vehicles).toBe(DEMO_VEHICLES.length); // every protocol's vehicles drive
      await simulator.idle();
      for (let driven = 0; driven < DRIVE_MS + FLUSH_MS; driven += TICK_MS) {
        clock.advance(TICK_MS);
        await simulator.idle(); // every vehicle's records taken by the server before the next tick
      }
      expect(simulator.stats.refused).toBe(0);

      const account = await db().account.findUniqueOrThrow({ where: { key: DEMO_ACCOUNT_KEY }, select: { id: true } });
      const firstAlerts = async () => {
        // the night watch fires only when the minutes driven fall between 22:00 and 06:00: judged on its own below
        const rules = await db().alertRule.findMany({
          where: { accountId: account.id, name: { not: DEMO_RULES.nightIgnition } },
          select: { id: true, name: true },
          orderBy: { id: "asc" },
        });
        const fired = [];
        for (const rule of rules) {
          const first = await db().alert.findFirst({
            where: { ruleId: rule.id },
            select: { type: true, firedAt: true, asset: { select: { name: true } } },
            orderBy: { firedAt: "asc" },
          });
          if (!first) return undefined; // the evaluators may still be storing what the last ticks brought
          fired.push({ rule: rule.name, type: first.type, vehicle: first.asset.name, within: first.firedAt.getTime() - start });
        }
        return fired;
      };
      const fired = await waitFor("an alert of every seeded rule", firstAlerts);
      expect(fired.map(({ rule, type }) => [rule, type])).toEqual([
        [DEMO_RULES.overspeed, "OVERSPEED"],
        [DEMO_RULES.depot, "GEOFENCE_EXIT"], // Van 1 leaves the depot it starts in
        [DEMO_RULES.school, "GEOFENCE_ENTER"], // School Bus 4 reaches the school
        [DEMO_RULES.ignition, "IGNITION_ON"],
      ]);
      expect(fired.find((alert) => alert.type === "GEOFENCE_ENTER")?.vehicle).toBe("School Bus 4");
      const night = await db().alertRule.findFirstOrThrow({ where: { accountId: account.id, name: DEMO_RULES.nightIgnition }, select: { id: true } });
      const { timeZone } = await db().account.findUniqueOrThrow({ where: { id: account.id }, select: { timeZone: true } });
      const atNight = (instant: number) => isWithinActiveHours({ from: 22 * 60, to: 6 * 60, timeZone }, instant);
      const nightAlerts = await db().alert.findMany({ where: { ruleId: night.id }, select: { firedAt: true } });
      for (const alert of nightAlerts) expect(atNight(alert.firedAt.getTime())).toBe(true);
      if (!atNight(start) && !atNight(clock.now())) expect(nightAlerts).toEqual([]); // a run by day: the night watch is quiet
      for (const alert of fired) expect(alert.within, alert.rule).toBeLessThanOrEqual(TWO_MINUTES);

      // the drivers' keys reached the trackers of the vehicles they drive (setparam, read back with getparam); the
      // immobiliser stays off, and the control car has no list
      const keyed = DEMO_VEHICLES.filter((vehicle) => vehicle.drivers.length > 0).map((vehicle) => vehicle.name).sort();
      const syncs = await waitFor("every authorised drivers list synced", async () => {
        const rows = await db().authorisedDriverSync.findMany({
          where: { accountId: account.id },
          select: { state: true, immobiliser: true, deviceImmobiliser: true, asset: { select: { name: true } } },
        });
        return rows.length === keyed.length && rows.every((row) => row.state === "synced") ? rows : undefined;
      });
      expect(syncs.map((row) => row.asset.name).sort()).toEqual(keyed);
      expect(syncs.every((row) => !row.immobiliser && row.deviceImmobiliser === false)).toBe(true);

      // the first closed trips of those vehicles are their drivers': the scorecards of the week the first one started in
      // rank at least one of the demo's drivers
      const trip = await waitFor("a closed trip", () =>
        db().trip.findFirst({ where: { asset: { accountId: account.id, name: { in: keyed } }, endedAt: { not: null } }, select: { startedAt: true }, orderBy: { startedAt: "asc" } }).then((row) => row ?? undefined),
      );
      const cards = await listDriverScorecards({ scope: wholeFleet(account.id), period: "week", now: trip.startedAt.getTime() });
      const ranked = cards.drivers.filter((card) => card.rank !== null);
      expect(ranked.length).toBeGreaterThan(0);
      expect(ranked.every((card) => card.trips > 0)).toBe(true);

      // lock and unlock the parked control car: written to its TCP session, answered by its simulated adapter
      const admin = await db().user.findUniqueOrThrow({ where: { email: DEMO_ADMIN_EMAIL }, select: { id: true } });
      const car = await db().asset.findFirstOrThrow({ where: { accountId: account.id, name: DEMO_CONTROL_VEHICLE }, select: { id: true } });
      const sender = { kind: "user" as const, userId: admin.id, name: "Demo Admin" };
      for (const [action, command] of [["LOCK", "lvcanclosealldoors"], ["UNLOCK", "lvcanopenalldoors"]] as const) {
        const sent = await sendControlCommand({ accountId: account.id, assetId: car.id, action, confirm: false, sender });
        expect(sent).toMatchObject({ kind: "delivered", action });
        const commandId = (sent as { commandId: number }).commandId;
        const settled = await waitFor(`${action} answered`, async () => {
          const state = await getControlCommand({ accountId: account.id, assetId: car.id, commandId });
          return state.state === "delivered_awaiting_vehicle_confirmation" ? undefined : state;
        });
        expect(settled).toMatchObject({ command, state: "confirmed", confirmed_by: "device_response", answer: `${command}: OK` });
      }
    } finally {
      await running.stop();
    }
  }, 240_000);
});
