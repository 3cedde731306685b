// "The current driver of a vehicle", resolved when a message is sent to a vehicle: the batched resolver
// (find-current-drivers.ts, where the rule is written down) asked about one vehicle, so a message to a vehicle and a
// message to its group or tag always name the same driver. null when no key, run or route names one.
import { findCurrentDrivers } from "./find-current-drivers";

export async function findCurrentDriver(input: { accountId: number; assetId: number; now?: Date }): Promise<number | null> {
  const drivers = await findCurrentDrivers({ accountId: input.accountId, assetIds: [input.assetId], now: input.now });
  return drivers.get(input.assetId) ?? null;
}
