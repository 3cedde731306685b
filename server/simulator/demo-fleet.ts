// The demo account's vehicles, driven by the server itself over its own Teltonika listener, so a new user sees
// vehicles moving on the live map seconds after `npm start`.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Logger } from "pino";
import type { Db } from "../db/client";
import { DEMO_ACCOUNT_KEY, DEMO_IMEI_PREFIX, DEMO_IMEIS } from "../modules/demo/seed-demo";
import { isValidImei } from "../modules/assets/imei";
import { FleetSimulator } from "./fleet-simulator";

/** how often each demo vehicle reports: livelier than real devices (10-30 s) so the map visibly moves */
const DEMO_INTERVAL_MS = 3_000;
const MARKER = "demo-fleet";

/** The demo keeps driving on later starts of an embedded database the demo was seeded into. */
export function demoMarked(dataDir: string): boolean {
  return existsSync(path.join(dataDir, MARKER));
}

export function markDemo(dataDir: string): void {
  writeFileSync(path.join(dataDir, MARKER), "the demo fleet drives while the server runs; FLEET_DEMO=0 stops it\n");
}

export async function startDemoFleet(options: { prisma: Db; port: number; logger: Logger }): Promise<{ stop(): void } | null> {
  await renumberOldDemoTrackers(options.prisma, options.logger);
  const trackers = await options.prisma.tracker.findMany({
    where: { account: { key: DEMO_ACCOUNT_KEY }, imei: { startsWith: DEMO_IMEI_PREFIX }, assetId: { not: null } },
    select: { imei: true },
    orderBy: { id: "asc" },
  });
  if (trackers.length === 0) return null;
  const simulator = new FleetSimulator({
    imeis: trackers.map((t) => t.imei),
    host: "127.0.0.1",
    port: options.port,
    intervalMs: DEMO_INTERVAL_MS,
    onRefused: (imei) => options.logger.warn({ imei }, "demo tracker refused"),
  });
  simulator.start();
  options.logger.info({ vehicles: trackers.length }, "demo fleet driving");
  return { stop: () => simulator.stop() };
}

/**
 * Demo databases seeded before the listener checked IMEIs hold demo trackers whose IMEIs have no valid check digit,
 * which the listener now refuses: each gets the IMEI the seed gives its vehicle today (in seeding order).
 */
export async function renumberOldDemoTrackers(prisma: Db, logger: Logger): Promise<void> {
  const trackers = await prisma.tracker.findMany({
    where: { account: { key: DEMO_ACCOUNT_KEY }, imei: { startsWith: DEMO_IMEI_PREFIX } },
    select: { id: true, imei: true },
    orderBy: { id: "asc" },
  });
  for (const [index, tracker] of trackers.entries()) {
    const imei = DEMO_IMEIS[index];
    if (isValidImei(tracker.imei) || !imei || trackers.some((t) => t.imei === imei)) continue;
    await prisma.tracker.update({ where: { id: tracker.id }, data: { imei } });
    logger.info({ from: tracker.imei, to: imei }, "demo tracker given a valid IMEI");
  }
}
