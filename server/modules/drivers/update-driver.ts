// Edits a driver; undefined fields stay as they are, null or "" clears the e-mail or phone.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { bumpReportInputs } from "../reports/rollups/bump-report-inputs";
import { ensureDriverContactFree } from "./driver-contact-taken";
import { type DriverDto, driverNotFound, driverSelect, toDriverDto, type UpdateDriverInput, ZUpdateDriver } from "./drivers.schema";

export async function updateDriver(input: UpdateDriverInput): Promise<DriverDto> {
  const { accountId, driverId, name, email, phone } = parseInput(ZUpdateDriver, input);
  return db().$transaction(async (tx) => {
    const driver = await tx.driver.findFirst({ where: { id: driverId, accountId }, select: { id: true } });
    if (!driver) throw driverNotFound(driverId);
    await ensureDriverContactFree(tx, { accountId, driverId, email, phone });
    const row = await tx.driver.update({
      where: { id: driverId },
      data: { ...(name !== undefined && { name }), ...(email !== undefined && { email }), ...(phone !== undefined && { phone }) },
      select: driverSelect,
    });
    await bumpReportInputs(accountId, tx); // trips reports name drivers
    return toDriverDto(row);
  });
}
