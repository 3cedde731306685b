// The demo account's vehicles, driven by the server itself over its own tracker listeners (Teltonika, GT06 and the
// OsmAnd phone port, each vehicle as the demo fits it: modules/demo/demo-vehicles.ts), so a new user sees vehicles
// moving on the live map seconds after `npm start`, alerts firing within minutes, a parked car whose doors answer
// lock and unlock, and drivers presenting their iButton keys, so trips and scorecards name them. While it drives, each
// new day gets its routes' runs.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { DEMO_ACCOUNT_KEY, DEMO_IMEI_PREFIX, DEMO_IMEIS } from "../modules/demo/seed-demo";
import { DEMO_VEHICLES, demoDriverKeys } from "../modules/demo/demo-vehicles";
import { ensureDemoRuns } from "../modules/demo/ensure-demo-routes";
import { isValidImei } from "../modules/assets/imei";
import type { Clock } from "../modules/stream/clock";
import { FleetSimulator, type SimulatedDevice } from "./fleet-simulator";
import type { SimulatorProtocol } from "./simulator-protocols";

/** how often each demo vehicle reports: livelier than real devices (10-30 s) so the map visibly moves */
const DEMO_INTERVAL_MS = 3_000;
/** how often the demo looks whether a new day needs its runs */
const RUNS_CHECK_MS = 15 * 60_000;
const MARKER = "demo-fleet";

export interface DemoFleet {
  /** the simulator once the demo is prepared and its vehicles drive; null when nothing drives */
  readonly ready: Promise<FleetSimulator | null>;
  /** stops driving, after the preparation under way (it writes to the database) has ended */
  stop(): Promise<void>;
}

/** The demo keeps driving on later starts of an embedded database the demo was seeded into. */
export function demoMarked(dataDir: string): boolean {
  return existsSync(path.join(dataDir, MARKER));
}

export function markDemo(dataDir: string): void {
  writeFileSync(path.join(dataDir, MARKER), "the demo fleet drives while the server runs; FLEET_DEMO=0 stops it\n");
}

/**
 * Drives the demo account's simulated trackers: those of the demo's vehicles (by name) whose protocol's listener is
 * on, once `prepare` (the rest of the demo's seeding) has run, in the background: the server does not wait for it.
 * `ports` are the listeners' ports (null: off); `clock` is for tests, which drive minutes of it at once.
 */
export function startDemoFleet(options: {
  prisma: Db;
  ports: Record<SimulatorProtocol, number | null>;
  logger: Logger;
  prepare?: () => Promise<void>;
  clock?: Clock;
}): DemoFleet {
  let stopped = false;
  let simulator: FleetSimulator | null = null;
  let runs: NodeJS.Timeout | undefined;
  const ready = (async () => {
    // a demo that could not be completed still drives what it has
    await options.prepare?.().catch((error) => options.logger.warn({ err: error }, "demo not completely seeded"));
    if (stopped) return null;
    const drive = await demoDevices(options.prisma, options.ports, options.logger);
    if (stopped || !drive) return null;
    simulator = new FleetSimulator({
      devices: drive.devices,
      host: "127.0.0.1",
      intervalMs: DEMO_INTERVAL_MS,
      clock: options.clock,
      onRefused: (imei) => options.logger.warn({ imei }, "demo tracker refused"),
    });
    simulator.start();
    runs = setInterval(() => {
      ensureDemoRuns(drive.accountId, Date.now()).catch((error) => options.logger.warn({ err: error }, "demo runs not made"));
    }, RUNS_CHECK_MS);
    runs.unref();
    options.logger.info({ vehicles: drive.devices.length }, "demo fleet driving");
    return simulator;
  })().catch((error) => {
    options.logger.error({ err: error }, "demo fleet not started");
    return null;
  });
  return {
    ready,
    stop: async () => {
      stopped = true;
      await ready;
      clearInterval(runs);
      simulator?.stop();
    },
  };
}

/** the demo's simulated devices, each on its protocol's port */
async function demoDevices(
  prisma: Db,
  ports: Record<SimulatorProtocol, number | null>,
  logger: Logger,
): Promise<{ accountId: number; devices: SimulatedDevice[] } | null> {
  await renumberOldDemoTrackers(prisma, logger);
  const account = await prisma.account.findUnique({ where: { key: DEMO_ACCOUNT_KEY }, select: { id: true } });
  if (!account) return null;
  const trackers = await prisma.tracker.findMany({
    where: { accountId: account.id, asset: { name: { in: DEMO_VEHICLES.map((vehicle) => vehicle.name) } } },
    select: { imei: true, protocol: true, asset: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
  const devices: SimulatedDevice[] = [];
  for (const tracker of trackers) {
    const vehicle = DEMO_VEHICLES.find((v) => v.name === tracker.asset?.name && v.protocol === tracker.protocol);
    const port = vehicle ? ports[vehicle.protocol] : null;
    // a tracker someone fitted to a demo vehicle by hand is a real device: only the demo's own are simulated
    if (!vehicle || port === null || (vehicle.imei !== null && !tracker.imei.startsWith(DEMO_IMEI_PREFIX))) continue;
    if (devices.some((device) => device.id === tracker.imei)) continue;
    devices.push({
      id: tracker.imei,
      protocol: vehicle.protocol,
      port,
      route: vehicle.route,
      plan: { start: vehicle.start, behaviour: vehicle.behaviour, driverKeys: demoDriverKeys(vehicle) },
    });
  }
  return devices.length > 0 ? { accountId: account.id, devices } : null;
}

/**
 * Demo databases seeded before the listener checked IMEIs hold demo trackers whose IMEIs have no valid check digit,
 * which the listener now refuses: each gets the IMEI the seed gives its vehicle today. Those IMEIs were the prefix
 * and the vehicle's number (1-based, 8 digits), so the number says which vehicle a tracker was.
 */
export async function renumberOldDemoTrackers(prisma: Db, logger: Logger): Promise<void> {
  const trackers = await prisma.tracker.findMany({
    where: { account: { key: DEMO_ACCOUNT_KEY }, imei: { startsWith: DEMO_IMEI_PREFIX } },
    select: { id: true, imei: true },
    orderBy: { id: "asc" },
  });
  for (const tracker of trackers) {
    if (isValidImei(tracker.imei)) continue;
    const imei = DEMO_IMEIS[Number(tracker.imei.slice(DEMO_IMEI_PREFIX.length)) - 1];
    if (!imei || trackers.some((t) => t.imei === imei)) continue;
    await prisma.tracker.update({ where: { id: tracker.id }, data: { imei } });
    logger.info({ from: tracker.imei, to: imei }, "demo tracker given a valid IMEI");
    tracker.imei = imei;
  }
}
