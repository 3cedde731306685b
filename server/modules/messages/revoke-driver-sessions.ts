// The account signs a driver out of every phone at once.
import { db } from "../../db/client";
import { driverNotFound } from "../drivers/drivers.schema";

/** the account signs a driver out everywhere (lost phone, driver left); answers how many sessions ended */
export async function revokeDriverSessions(input: { accountId: number; driverId: number }): Promise<number> {
  const driver = await db().driver.findFirst({ where: { id: input.driverId, accountId: input.accountId }, select: { id: true } });
  if (!driver) throw driverNotFound(input.driverId);
  const { count } = await db().driverSession.updateMany({ where: { driverId: driver.id, revokedAt: null }, data: { revokedAt: new Date() } });
  return count;
}
