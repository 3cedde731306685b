// What every photo use case reads first: that the asset is the account's (another account's asset is
// ASSET_NOT_FOUND, exactly like a missing one) and the account's photo settings.
import { db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import { assetNotFound } from "./asset-photos.schema";

export interface PhotoContext {
  /** the account keeps EXIF locations in what is served (Account.photoKeepLocation) */
  keepLocation: boolean;
  timeZone: string;
}

export async function loadPhotoContext(
  input: { accountId: number; assetId: number },
  client: Prisma.TransactionClient = db(),
): Promise<PhotoContext> {
  const asset = await client.asset.findFirst({
    where: { id: input.assetId, accountId: input.accountId },
    select: { account: { select: { photoKeepLocation: true, timeZone: true } } },
  });
  if (!asset) throw assetNotFound(input.assetId);
  return { keepLocation: asset.account.photoKeepLocation, timeZone: asset.account.timeZone };
}
