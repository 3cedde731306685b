import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { type DriverDto, driverNotFound, driverSelect, toDriverDto, ZDriverRef } from "./drivers.schema";

/** A driver of the account; another account's driver is DRIVER_NOT_FOUND, exactly like a missing one. */
export async function getDriver(input: { accountId: number; driverId: number }): Promise<DriverDto> {
  const { accountId, driverId } = parseInput(ZDriverRef, input);
  const row = await db().driver.findFirst({ where: { id: driverId, accountId }, select: driverSelect });
  if (!row) throw driverNotFound(driverId);
  return toDriverDto(row);
}
