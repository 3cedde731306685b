// The demo's vehicles and trackers, made through the asset use cases: each demo vehicle the account lacks is
// created (a vehicle deleted in the dashboard comes back on the next start), and the control vehicle gets its
// control adapter back if it lost it (demo databases seeded before the control demo fitted every vehicle with a
// read-only LV-CAN200). The control vehicle's profile is platform-wide data the migration seeds; it is put back only
// when missing, so a platform admin's edits of other profiles stay as they are.
import type { Logger } from "pino";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { createAsset } from "../assets/create-asset";
import { updateAsset } from "../assets/update-asset";
import { findVehicleProfile, saveVehicleProfile } from "../vehicle-control/vehicle-profiles";
import { DEMO_CONTROL_VEHICLE, DEMO_VEHICLES, demoVehicle } from "./demo-vehicles";

/**
 * the demo's asset ids by vehicle name (vehicles that could not be made are left out); `only` limits it to those
 * vehicles, and leaves the control vehicle's fitting alone
 */
export async function ensureDemoVehicles(accountId: number, options: { only?: readonly string[]; logger?: Logger } = {}): Promise<Map<string, number>> {
  const vehicles = options.only ? DEMO_VEHICLES.filter((vehicle) => options.only!.includes(vehicle.name)) : DEMO_VEHICLES;
  const existing = await db().asset.findMany({
    where: { accountId, name: { in: vehicles.map((vehicle) => vehicle.name) } },
    select: { id: true, name: true, tracker: { select: { canAdapter: true } } },
    orderBy: { id: "asc" },
  });
  const ids = new Map<string, number>();
  for (const asset of existing) if (!ids.has(asset.name)) ids.set(asset.name, asset.id);
  for (const vehicle of vehicles) {
    if (ids.has(vehicle.name)) continue;
    try {
      const created = await createAsset({
        accountId,
        name: vehicle.name,
        plate: vehicle.plate,
        brand: vehicle.brand,
        model: vehicle.model,
        protocol: vehicle.protocol,
        imei: vehicle.imei,
        adapter: vehicle.adapter,
      });
      ids.set(vehicle.name, created.id);
    } catch (error) {
      // another account registered the IMEI: the demo drives without that vehicle rather than taking it
      if (!(error instanceof AppError)) throw error;
      options.logger?.warn({ vehicle: vehicle.name, err: error }, "demo vehicle not created");
    }
  }
  if (options.only) return ids;

  const control = existing.find((asset) => asset.name === DEMO_CONTROL_VEHICLE);
  const adapter = demoVehicle(DEMO_CONTROL_VEHICLE).adapter;
  if (control?.tracker && control.tracker.canAdapter !== adapter) await updateAsset({ accountId, assetId: control.id, adapter });
  await ensureControlProfile();
  return ids;
}

async function ensureControlProfile(): Promise<void> {
  const { brand, model } = demoVehicle(DEMO_CONTROL_VEHICLE);
  const profile = await findVehicleProfile({ brand, model, variant: null });
  if (profile) return;
  await saveVehicleProfile({ brand, model, lock: true, unlock: true, trunk: true, turnSignals: true });
}
