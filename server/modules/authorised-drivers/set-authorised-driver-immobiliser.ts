// POST .../authorised-drivers/immobiliser: the "immobiliser for authorised drivers" setting of an asset. Queued to the
// device like the list. Enabling it with an empty list is refused (422): an FMB with an empty list lets any iButton
// start the vehicle, which is not what a caller enabling it means.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { readWanted, requireAsset, toListDto } from "./authorised-driver-records";
import { type AuthorisedDriverListDto, ZImmobiliserSetting } from "./authorised-drivers.schema";
import { announceChange, recordWantedChange } from "./record-wanted-change";

export async function setAuthorisedDriverImmobiliser(input: {
  accountId: number;
  assetId: number;
  body: unknown;
}): Promise<AuthorisedDriverListDto> {
  const { accountId, assetId } = input;
  await requireAsset(accountId, assetId);
  const { enabled } = parseInput(ZImmobiliserSetting, input.body);
  if (enabled && (await db().authorisedDriver.count({ where: { assetId } })) === 0) {
    const message = "add at least one authorised driver first: with an empty list the tracker accepts any iButton";
    throw new AppError("VALIDATION_FAILED", `enabled: ${message}`, [{ field: "enabled", message }]);
  }
  const sync = await db().$transaction((tx) => recordWantedChange(tx, { accountId, assetId, immobiliser: enabled }));
  await announceChange(accountId, assetId);
  return toListDto(assetId, await readWanted(assetId), sync);
}
