// The account signs a driver out of every phone at once.
import { db } from "../../db/client";
import { driverNotFound } from "../drivers/drivers.schema";
import { closePrivateChannel } from "../private-channels/private-channels";
import { driverChannel } from "./driver-channel-name";

/** the account signs a driver out everywhere (lost phone, driver left); answers how many sessions ended */
export async function revokeDriverSessions(input: { accountId: number; driverId: number }): Promise<number> {
  const driver = await db().driver.findFirst({ where: { id: input.driverId, accountId: input.accountId }, select: { id: true } });
  if (!driver) throw driverNotFound(input.driverId);
  const { count } = await db().driverSession.updateMany({ where: { driverId: driver.id, revokedAt: null }, data: { revokedAt: new Date() } });
  // a lost phone's open page stops hearing the conversation at once, not at its next request
  await closePrivateChannel(driverChannel(driver.id));
  return count;
}
