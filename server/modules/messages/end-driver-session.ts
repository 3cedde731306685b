// The driver signs out of this phone: the session ends at once.
import { db } from "../../db/client";

export async function endDriverSession(sessionId: number): Promise<void> {
  await db().driverSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}
