// GET .../authorised-drivers/sync-status: synced, syncing or out_of_sync, with what the vehicle enforces now (its
// previous list while out of sync), what is still pending, and the last attempt and error. Key ids are masked unless
// the caller may change the list (key-id-view.ts).
import { readSync, readWanted, requireAsset, toStatusDto } from "./authorised-driver-records";
import type { SyncStatusDto } from "./authorised-drivers.schema";
import { statusForView, type KeyIdView } from "./key-id-view";

export async function getAuthorisedDriverSyncStatus(input: { accountId: number; assetId: number; keyIds: KeyIdView }): Promise<SyncStatusDto> {
  await requireAsset(input.accountId, input.assetId);
  const [wanted, sync] = await Promise.all([readWanted(input.assetId), readSync(input.assetId)]);
  return statusForView(toStatusDto(input.assetId, wanted, sync), input.keyIds);
}
