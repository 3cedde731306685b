// Checks shared by reminder and service entry writes: the asset or driver is the account's, and every watcher is a
// member of it (a foreign or unknown id is a field error, never a 404: the path named no such thing). The one
// exception is a group-limited member's asset outside their groups: 404 ASSET_NOT_FOUND, as is one that does not exist,
// the answer every scoped surface gives so that ids cannot be probed.
import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { type AssetScope, assertAssetVisible, wholeFleet } from "../asset-scope/asset-scope";
import { fieldError } from "./reminders.schema";

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

export async function checkAsset(client: Client, accountId: number, assetId: number, scope: AssetScope = wholeFleet(accountId)): Promise<void> {
  await assertAssetVisible(scope, assetId);
  const asset = await client.asset.findFirst({ where: { id: assetId, accountId }, select: { id: true } });
  if (!asset) throw fieldError("asset_id", "is not an asset of this account");
}

export async function checkDriver(client: Client, accountId: number, driverId: number): Promise<void> {
  const driver = await client.driver.findFirst({ where: { id: driverId, accountId }, select: { id: true } });
  if (!driver) throw fieldError("driver_id", "is not a driver of this account");
}

/** the watcher ids, distinct and ascending, once each is a member of the account */
export async function checkWatchers(client: Client, accountId: number, ids: number[] | undefined): Promise<number[]> {
  const wanted = [...new Set(ids ?? [])].sort((a, b) => a - b);
  if (wanted.length === 0) return [];
  const members = await client.membership.findMany({ where: { accountId, userId: { in: wanted } }, select: { userId: true } });
  const found = new Set(members.map((member) => member.userId));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) throw fieldError("watcher_ids", `not members of this account: ${missing.slice(0, 20).join(", ")}`);
  return wanted;
}
