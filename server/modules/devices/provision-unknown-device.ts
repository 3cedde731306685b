// Turns an unknown device into an asset of this account (one the account pre-registered and that tried to log in
// since, or any when the platform operator does it): the asset is created with the device's IMEI and protocol
// through createAsset (same validation and platform-wide IMEI uniqueness as any other asset), then the
// unknown-device row goes. Not one transaction because createAsset owns its writes; the order makes a failure
// harmless: if the delete fails the asset exists, the device is identified on its next login, and the stale row
// answers IMEI_TAKEN when provisioned again.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { createAsset } from "../assets/create-asset";
import { type ProvisionUnknownDeviceInput, ZProvisionUnknownDevice } from "./devices.schema";

export async function provisionUnknownDevice(
  input: ProvisionUnknownDeviceInput,
): Promise<{ id: number; trackerId: number | null }> {
  const { accountId, imei, name, plate, platformAdmin, allowWeakDeviceId } = parseInput(ZProvisionUnknownDevice, input);
  const device = await db().unknownDevice.findUnique({
    where: { imei },
    select: { protocol: true, accountId: true, preRegisteredAt: true, lastSeenAt: true, attempts: true },
  });
  // an account provisions only what its list shows it (list-unknown-devices.ts); anything else is not found to it
  const visible =
    device &&
    (platformAdmin ||
      (device.accountId === accountId && device.attempts > 0 && device.preRegisteredAt !== null && device.lastSeenAt > device.preRegisteredAt));
  if (!device || !visible) throw new AppError("NOT_FOUND", `no unknown device with IMEI ${imei}`);
  const created = await createAsset({ accountId, name, plate: plate ?? undefined, imei, protocol: device.protocol, allowWeakDeviceId });
  await db().unknownDevice.deleteMany({ where: { imei } });
  return { id: created.id, trackerId: created.trackerId };
}
