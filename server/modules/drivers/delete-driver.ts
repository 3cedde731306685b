// Deletes a driver. Routes and runs that named them keep going without a driver (the schema sets theirs to null);
// the dashboard says how many routes that is before asking.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { bumpReportInputs } from "../reports/rollups/bump-report-inputs";
import { driverNotFound, ZDriverRef } from "./drivers.schema";

export async function deleteDriver(input: { accountId: number; driverId: number }): Promise<{ id: number }> {
  const { accountId, driverId } = parseInput(ZDriverRef, input);
  const { count } = await db().driver.deleteMany({ where: { id: driverId, accountId } });
  if (count === 0) throw driverNotFound(driverId);
  await bumpReportInputs(accountId); // trips reports name drivers
  return { id: driverId };
}
