// The account sets (or, with null, removes) the PIN a driver signs in to the phone page with (sign-in-driver.ts):
// 4 to 8 digits, kept as an argon2id hash only; setting it clears any lock from wrong attempts.
import { z } from "zod";
import { db } from "../../db/client";
import { hashSecret } from "../../security/hashing";
import { driverNotFound } from "../drivers/drivers.schema";
import { parseInput } from "../parse-input";
import { ZPin } from "./sign-in-driver";

export async function setDriverPin(input: { accountId: number; driverId: number; pin: string | null }): Promise<void> {
  const driver = await db().driver.findFirst({ where: { id: input.driverId, accountId: input.accountId }, select: { id: true } });
  if (!driver) throw driverNotFound(input.driverId);
  if (input.pin === null) {
    await db().driverPin.deleteMany({ where: { driverId: driver.id } });
    return;
  }
  const { pin } = parseInput(z.object({ pin: ZPin }), { pin: input.pin });
  const pinHash = await hashSecret(pin);
  await db().driverPin.upsert({ where: { driverId: driver.id }, create: { driverId: driver.id, pinHash }, update: { pinHash, failedAttempts: 0, lockedUntil: null } });
}
