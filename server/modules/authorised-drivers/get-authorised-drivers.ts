// GET .../authorised-drivers: the asset's current (wanted) list and immobiliser setting, with the sync state.
import { readSync, readWanted, requireAsset, toListDto } from "./authorised-driver-records";
import type { AuthorisedDriverListDto } from "./authorised-drivers.schema";

export async function getAuthorisedDrivers(input: { accountId: number; assetId: number }): Promise<AuthorisedDriverListDto> {
  await requireAsset(input.accountId, input.assetId);
  const [wanted, sync] = await Promise.all([readWanted(input.assetId), readSync(input.assetId)]);
  return toListDto(input.assetId, wanted, sync);
}
