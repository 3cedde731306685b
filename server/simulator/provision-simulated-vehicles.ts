// Provisions `vehicles` simulated vehicles (assets with trackers) in an account for `fleet simulate`, reusing the
// ones an earlier run created. Their IMEIs (phone ids for OsmAnd) carry the account id, so accounts never collide,
// and each protocol has identifiers of its own (simulatedDeviceId).
import { db } from "../db/client";
import { AppError } from "../errors";
import { getAccountByKey } from "../modules/accounts/get-account-by-key";
import { createAsset } from "../modules/assets/create-asset";
import type { SimulatorProtocol } from "./device-link";
import { simulatedDeviceId } from "./fleet-simulator";

export async function provisionSimulatedVehicles(input: { accountKey: string; vehicles: number; protocol?: SimulatorProtocol }): Promise<string[]> {
  const protocol = input.protocol ?? "teltonika";
  const account = await getAccountByKey({ key: input.accountKey });
  if (account.id > 99_999) throw new AppError("BAD_REQUEST", "simulated IMEIs support account ids up to 99999");
  const prefix = `35${String(account.id).padStart(5, "0")}`;
  const imeis = Array.from({ length: input.vehicles }, (_, i) => simulatedDeviceId(protocol, i, prefix, account.id));
  const existing = await db().tracker.findMany({ where: { imei: { in: imeis } }, select: { imei: true, accountId: true } });
  const have = new Set(existing.filter((t) => t.accountId === account.id).map((t) => t.imei));
  for (const [i, imei] of imeis.entries()) {
    if (have.has(imei)) continue;
    if (protocol === "teltonika") {
      await createAsset({ accountId: account.id, name: `Simulated vehicle ${i + 1}`, imei, adapter: "lv-can200" });
    } else {
      const name = protocol === "osmand" ? `Simulated phone ${i + 1}` : `Simulated GT06 vehicle ${i + 1}`;
      // simulated phones keep readable ids (the simulator must know them): weak by the operator's choice of simulating
      await createAsset({ accountId: account.id, name, imei, protocol, allowWeakDeviceId: protocol === "osmand" });
    }
  }
  return imeis;
}
