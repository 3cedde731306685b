// The driver page session behind a cookie token (every driver page request and /broadcasting/auth ask).
import { db } from "../../db/client";
import { sha256Hex } from "../../security/random";
import type { DriverSessionInfo } from "./driver-session.schema";

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
