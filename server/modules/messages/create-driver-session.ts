// Starts a driver page session after a sign-in link or PIN: the token goes into the cookie, its hash into the table.
import { db } from "../../db/client";
import { randomToken, sha256Hex } from "../../security/random";
import { DRIVER_SESSION_DAYS } from "./driver-session.schema";

export async function createDriverSession(input: { accountId: number; driverId: number; now?: Date }): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + DRIVER_SESSION_DAYS * 86_400_000);
  await db().driverSession.create({ data: { accountId: input.accountId, driverId: input.driverId, tokenHash: sha256Hex(token), createdAt: now, expiresAt } });
  return { token, expiresAt };
}
