// An account announces an IMEI it is about to install, so that the device shows in its unknown-device list once it
// tries to log in (list-unknown-devices.ts) and can be provisioned from there. The IMEI must be a real IMEI (the
// listener refuses others). One account per IMEI: an IMEI pre-registered by another account, or already fitted to
// an asset anywhere, is refused with one generic answer, so the refusal does not tell which of the two it is.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { isValidImei } from "../assets/imei";
import { parseInput } from "../parse-input";
import { ZPreRegisterDevice, type PreRegisterDeviceInput } from "./devices.schema";

/** how long a pre-registration waits for its device: unknown devices are pruned after this many days unseen */
export const PRE_REGISTRATION_DAYS = 30;

export async function preRegisterDevice(input: PreRegisterDeviceInput): Promise<{ imei: string; pre_registered_at: string }> {
  const { accountId, imei } = parseInput(ZPreRegisterDevice, input);
  if (!isValidImei(imei)) {
    throw new AppError("VALIDATION_FAILED", "The IMEI's last digit is not its check digit.", [
      { field: "imei", message: "is not a valid IMEI (check digit)" },
    ]);
  }
  const unavailable = () => new AppError("CONFLICT", "This IMEI cannot be pre-registered in this account.");
  if (await db().tracker.findUnique({ where: { imei }, select: { id: true } })) throw unavailable();
  const now = new Date();
  // a device not seen yet counts as seen now, so that only attempts after the pre-registration show it
  const result = await db().$transaction(async (tx) => {
    const existing = await tx.unknownDevice.findUnique({ where: { imei }, select: { accountId: true } });
    if (existing && existing.accountId !== null && existing.accountId !== accountId) return null;
    return existing
      ? tx.unknownDevice.update({ where: { imei }, data: { accountId, preRegisteredAt: now } })
      : tx.unknownDevice.create({
          data: { imei, protocol: "teltonika", attempts: 0, firstSeenAt: now, lastSeenAt: now, accountId, preRegisteredAt: now },
        });
  });
  if (!result) throw unavailable();
  return { imei, pre_registered_at: now.toISOString() };
}
