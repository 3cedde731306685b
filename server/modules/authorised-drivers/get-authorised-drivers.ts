// GET .../authorised-drivers: the asset's current (wanted) list and immobiliser setting, with the sync state. Key ids
// are masked unless the caller may change the list (key-id-view.ts).
import { readSync, readWanted, requireAsset, toListDto } from "./authorised-driver-records";
import type { AuthorisedDriverListDto } from "./authorised-drivers.schema";
import { listForView, type KeyIdView } from "./key-id-view";

export async function getAuthorisedDrivers(input: { accountId: number; assetId: number; keyIds: KeyIdView }): Promise<AuthorisedDriverListDto> {
  await requireAsset(input.accountId, input.assetId);
  const [wanted, sync] = await Promise.all([readWanted(input.assetId), readSync(input.assetId)]);
  return listForView(toListDto(input.assetId, wanted, sync), input.keyIds);
}
