// Turns an unknown device into an asset of this account: the asset is created with the device's IMEI and protocol
// through createAsset (same validation and platform-wide IMEI uniqueness as any other asset), then the
// unknown-device row goes. Not one transaction because createAsset owns its writes; the order makes a failure
// harmless: if the delete fails the asset exists, the device is identified on its next login, and the stale row
// answers IMEI_TAKEN when provisioned again.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../accounts/parse-input";
import { createAsset } from "../assets/create-asset";
import { type ProvisionUnknownDeviceInput, ZProvisionUnknownDevice } from "./devices.schema";

export async function provisionUnknownDevice(
  input: ProvisionUnknownDeviceInput,
): Promise<{ id: number; trackerId: number | null }> {
  const { accountId, imei, name, plate } = parseInput(ZProvisionUnknownDevice, input);
  const device = await db().unknownDevice.findUnique({ where: { imei }, select: { protocol: true } });
  if (!device) throw new AppError("NOT_FOUND", `no unknown device with IMEI ${imei}`);
  const created = await createAsset({ accountId, name, plate: plate ?? undefined, imei, protocol: device.protocol });
  await db().unknownDevice.deleteMany({ where: { imei } });
  return created;
}
