// The demo drivers' iButton keys on the authorised drivers lists of the vehicles they drive (demo-vehicles.ts
// `drivers`), so the simulated trackers' trips and events are attributed to them (docs/dashboard.md "Driver
// scorecards"). Through the authorised-drivers use case, which queues the list to each tracker over Codec 12: the
// simulated trackers answer setparam/getparam like an FMB, so each list ends synced. A list that lacks a demo key
// (or holds it for someone else) gets it back; the rest of the list, whatever a visitor put there, stays as it is.
// The immobiliser is never touched: it stays off, as the demo's vehicle-control story expects.
import type { Logger } from "pino";
import { AppError } from "../../errors";
import { readWanted } from "../authorised-drivers/authorised-driver-records";
import { replaceAuthorisedDrivers } from "../authorised-drivers/replace-authorised-drivers";
import { demoDriver } from "./demo-drivers";
import { DEMO_VEHICLES } from "./demo-vehicles";

export async function ensureDemoAuthorisedDrivers(
  accountId: number,
  vehicles: Map<string, number>,
  drivers: Map<string, number>,
  logger?: Logger,
): Promise<void> {
  for (const vehicle of DEMO_VEHICLES) {
    const assetId = vehicles.get(vehicle.name);
    if (assetId === undefined || vehicle.drivers.length === 0) continue;
    const wanted = vehicle.drivers.flatMap((name) => {
      const driverId = drivers.get(name);
      return driverId === undefined ? [] : [{ key_id: demoDriver(name).keyId, name, driver_id: driverId }];
    });
    const current = await readWanted(assetId);
    const missing = wanted.filter((entry) => !current.some((held) => held.keyId === entry.key_id && held.driverId === entry.driver_id));
    if (missing.length === 0) continue;
    const demoKeys = new Set<string>(missing.map((entry) => entry.key_id));
    const kept = current
      .filter((held) => !demoKeys.has(held.keyId))
      .map((held) => ({ key_id: held.keyId, name: held.name, driver_id: held.driverId }));
    try {
      await replaceAuthorisedDrivers({ accountId, assetId, body: { drivers: [...kept, ...missing] } });
    } catch (error) {
      // a list a visitor filled to the tracker's limit: the demo drives on without that key there
      if (!(error instanceof AppError)) throw error;
      logger?.warn({ vehicle: vehicle.name, err: error }, "demo authorised drivers not put back");
    }
  }
}
