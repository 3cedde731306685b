// PUT .../authorised-drivers: replaces an asset's whole list. Refused as a whole (422, every problem listed) for a
// bad key id, a key given twice, more keys than the tracker's iButton list holds, a driver_id that is not a driver
// of the account, or an empty list while the immobiliser is on (an FMB with an empty list accepts any iButton).
// The difference to what the device holds is queued: see record-wanted-change.ts.
import { db } from "../../db/client";
import { AppError, type FieldError } from "../../errors";
import { parseInput } from "../parse-input";
import { readSync, readWanted, requireAsset, toListDto } from "./authorised-driver-records";
import { type AuthorisedDriverListDto, ZReplaceAuthorisedDrivers } from "./authorised-drivers.schema";
import { announceChange, recordWantedChange } from "./record-wanted-change";
import { bumpReportInputs } from "../reports/rollups/bump-report-inputs";

export async function replaceAuthorisedDrivers(input: {
  accountId: number;
  assetId: number;
  body: unknown;
}): Promise<AuthorisedDriverListDto> {
  const { accountId, assetId } = input;
  await requireAsset(accountId, assetId);
  const { drivers } = parseInput(ZReplaceAuthorisedDrivers, input.body);

  const errors: FieldError[] = [];
  const firstIndex = new Map<string, number>();
  drivers.forEach((driver, index) => {
    const first = firstIndex.get(driver.key_id);
    if (first === undefined) firstIndex.set(driver.key_id, index);
    else errors.push({ field: `drivers.${index}.key_id`, message: `duplicate of drivers.${first}.key_id (${driver.key_id})` });
  });
  const driverIds = [...new Set(drivers.flatMap((driver) => (driver.driver_id === null ? [] : [driver.driver_id])))];
  if (driverIds.length > 0) {
    const known = new Set(
      (await db().driver.findMany({ where: { accountId, id: { in: driverIds } }, select: { id: true } })).map((d) => d.id),
    );
    drivers.forEach((driver, index) => {
      if (driver.driver_id !== null && !known.has(driver.driver_id)) {
        errors.push({ field: `drivers.${index}.driver_id`, message: `no driver ${driver.driver_id} in this account` });
      }
    });
  }
  if (drivers.length === 0 && (await readSync(assetId))?.immobiliser) {
    errors.push({
      field: "drivers",
      message: "the immobiliser for authorised drivers is on: disable it before emptying the list (with an empty list the tracker accepts any iButton)",
    });
  }
  if (errors.length > 0) {
    throw new AppError("VALIDATION_FAILED", errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
  }

  const sync = await db().$transaction(async (tx) => {
    await tx.authorisedDriver.deleteMany({ where: { assetId } });
    await tx.authorisedDriver.createMany({
      data: drivers.map((driver, position) => ({
        accountId,
        assetId,
        keyId: driver.key_id,
        name: driver.name,
        driverId: driver.driver_id,
        position,
      })),
    });
    await bumpReportInputs(accountId, tx); // trips reports name drivers by their iButton keys
    return recordWantedChange(tx, { accountId, assetId });
  });
  await announceChange(accountId, assetId);
  return toListDto(assetId, await readWanted(assetId), sync);
}
