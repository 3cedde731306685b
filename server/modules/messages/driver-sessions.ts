// Sessions of the driver phone page. The cookie holds a random token; only its SHA-256 is stored, so a database
// leak does not sign anybody in. A session lasts 30 days from sign-in and ends at once when revoked (sign-out, or
// the account revoking the driver's sessions, e.g. a lost phone).
import { db } from "../../db/client";
import { driverNotFound } from "../drivers/drivers.schema";
import { randomToken, sha256Hex } from "../../security/random";

export const DRIVER_SESSION_COOKIE = "fleetline_driver";
export const DRIVER_SESSION_DAYS = 30;

export interface DriverSessionInfo {
  sessionId: number;
  accountId: number;
  accountKey: string;
  driverId: number;
  driverName: string;
}

export async function createDriverSession(input: { accountId: number; driverId: number; now?: Date }): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + DRIVER_SESSION_DAYS * 86_400_000);
  await db().driverSession.create({ data: { accountId: input.accountId, driverId: input.driverId, tokenHash: sha256Hex(token), createdAt: now, expiresAt } });
  return { token, expiresAt };
}

/** the live session behind a cookie token, or null (unknown, expired or revoked) */
export async function findDriverSession(token: string, now = new Date()): Promise<DriverSessionInfo | null> {
  if (token.length === 0 || token.length > 128) return null;
  const row = await db().driverSession.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: { id: true, accountId: true, driverId: true, expiresAt: true, revokedAt: true, driver: { select: { name: true, account: { select: { key: true } } } } },
  });
  if (!row || row.revokedAt || row.expiresAt <= now) return null;
  return { sessionId: row.id, accountId: row.accountId, accountKey: row.driver.account.key, driverId: row.driverId, driverName: row.driver.name };
}

export async function endDriverSession(sessionId: number): Promise<void> {
  await db().driverSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** the account signs a driver out everywhere (lost phone, driver left); answers how many sessions ended */
export async function revokeDriverSessions(input: { accountId: number; driverId: number }): Promise<number> {
  const driver = await db().driver.findFirst({ where: { id: input.driverId, accountId: input.accountId }, select: { id: true } });
  if (!driver) throw driverNotFound(input.driverId);
  const { count } = await db().driverSession.updateMany({ where: { driverId: driver.id, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}
