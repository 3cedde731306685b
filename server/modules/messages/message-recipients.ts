// Who a dispatch message goes to (docs/messaging.md "Who receives a message"): the request's one recipient choice
// turned into drivers, each with the vehicle they were reached through (kept on the message), one entry per driver.
// Nothing is written here; an unknown choice or nobody to reach is refused before any message exists.
import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { groupNotFound } from "../asset-groups/asset-groups.schema";
import { type AssetScope, isLimited, scopedAssetWhere, scopedGroupWhere } from "../asset-scope/asset-scope";
import { groupAssetWhere } from "../asset-scope/group-asset-filter";
import { driverNotFound } from "../drivers/drivers.schema";
import { tagNotFound } from "../tags/tags.schema";
import { findCurrentDriver } from "./find-current-driver";
import { findCurrentDrivers } from "./find-current-drivers";
import type { SendMessageRequest } from "./messages.schema";

export interface MessageRecipient {
  driverId: number;
  /** the vehicle the driver was reached through (a vehicle, group or tag message); null for a driver named directly */
  assetId: number | null;
}

const NO_KEY_RUN_OR_ROUTE = "no identified key, run or route names one";

/**
 * `scope`: the assets the sender sees (asset-scope/asset-scope.ts). A group-limited member reaches the drivers of
 * their vehicles (asset_id, group_id, tag_id: vehicles and groups outside are 404 as if missing, tagged drivers
 * count only while they drive one of those vehicles) or a driver by id; never all drivers.
 */
export async function messageRecipients(input: { accountId: number; scope: AssetScope; request: SendMessageRequest; now: Date }): Promise<MessageRecipient[]> {
  const { accountId, scope, request, now } = input;
  if (request.driver_id !== undefined) {
    const driver = await db().driver.findFirst({ where: { id: request.driver_id, accountId }, select: { id: true } });
    if (!driver) throw driverNotFound(request.driver_id);
    return [{ driverId: driver.id, assetId: null }];
  }
  if (request.asset_id !== undefined) {
    const asset = await db().asset.findFirst({ where: { AND: [scopedAssetWhere(scope), { id: request.asset_id, accountId }] }, select: { id: true } });
    if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${request.asset_id} not found`);
    const driverId = await findCurrentDriver({ accountId, assetId: asset.id, now });
    if (driverId === null) throw new AppError("NO_CURRENT_DRIVER", `asset ${asset.id} has no current driver (${NO_KEY_RUN_OR_ROUTE})`);
    return [{ driverId, assetId: asset.id }];
  }
  if (request.group_id !== undefined) {
    const group = await db().assetGroup.findFirst({ where: { AND: [scopedGroupWhere(scope), { id: request.group_id, accountId }] }, select: { id: true } });
    if (!group) throw groupNotFound(request.group_id);
    const recipients = await driversOfVehicles(accountId, await assetIdsWhere({ accountId, ...(await groupAssetWhere(accountId, group.id)) }), now);
    if (recipients.length === 0) throw new AppError("NO_CURRENT_DRIVER", `no vehicle of asset group ${group.id} has a current driver (${NO_KEY_RUN_OR_ROUTE})`);
    return recipients;
  }
  if (request.tag_id !== undefined) return tagRecipients({ accountId, scope, tagId: request.tag_id, now });
  if (isLimited(scope)) throw new AppError("FORBIDDEN", "Your access is limited to some groups: write to a group of yours instead of all drivers.");
  const drivers = await db().driver.findMany({ where: { accountId }, select: { id: true }, orderBy: { id: "asc" } });
  if (drivers.length === 0) throw new AppError("NO_DRIVERS", "the account has no drivers to send to");
  return drivers.map((driver) => ({ driverId: driver.id, assetId: null }));
}

/**
 * The drivers carrying the tag, then the current drivers of the vehicles carrying it (the sender's vehicles only),
 * one entry per driver in driver id order; a driver reached through a tagged vehicle keeps the first (lowest id) of
 * them, a driver reached only by their own tag keeps none. For a limited sender a tagged driver counts only while
 * they are the current driver of one of the sender's vehicles.
 */
async function tagRecipients(input: { accountId: number; scope: AssetScope; tagId: number; now: Date }): Promise<MessageRecipient[]> {
  const { accountId, scope, tagId, now } = input;
  const tag = await db().tag.findFirst({ where: { id: tagId, accountId }, select: { id: true } });
  if (!tag) throw tagNotFound(tagId);
  const byVehicle = await driversOfVehicles(accountId, await assetIdsWhere({ AND: [scopedAssetWhere(scope), { tags: { some: { tagId: tag.id } } }] }), now);
  const assetOf = new Map(byVehicle.map((recipient) => [recipient.driverId, recipient.assetId]));
  let tagged = (await db().driverTag.findMany({ where: { tagId: tag.id }, select: { driverId: true } })).map((row) => row.driverId).filter((id) => !assetOf.has(id));
  if (isLimited(scope) && tagged.length > 0) {
    const reachable = new Set((await findCurrentDrivers({ accountId, assetIds: await assetIdsWhere(scopedAssetWhere(scope)), now })).values());
    tagged = tagged.filter((id) => reachable.has(id));
  }
  for (const driverId of tagged) assetOf.set(driverId, null);
  if (assetOf.size === 0) {
    const why = isLimited(scope)
      ? " among the drivers of your vehicles: none of your vehicles carrying it has a current driver, and no driver carrying it drives one of your vehicles"
      : `: no driver carries it and no vehicle carrying it has a current driver (${NO_KEY_RUN_OR_ROUTE})`;
    throw new AppError("NO_TAGGED_DRIVERS", `nobody to reach for tag ${tag.id}${why}`);
  }
  return [...assetOf].sort(([a], [b]) => a - b).map(([driverId, assetId]) => ({ driverId, assetId }));
}

/** the ids of the assets matching `where`, ascending */
async function assetIdsWhere(where: Prisma.AssetWhereInput): Promise<number[]> {
  return (await db().asset.findMany({ where, select: { id: true }, orderBy: { id: "asc" } })).map((asset) => asset.id);
}

/** the current drivers of the vehicles (ascending ids), one entry per driver with the first vehicle that named them */
async function driversOfVehicles(accountId: number, assetIds: number[], now: Date): Promise<MessageRecipient[]> {
  const drivers = await findCurrentDrivers({ accountId, assetIds, now });
  const assetOf = new Map<number, number>();
  for (const assetId of assetIds) {
    const driverId = drivers.get(assetId);
    if (driverId !== undefined && !assetOf.has(driverId)) assetOf.set(driverId, assetId);
  }
  return [...assetOf].map(([driverId, assetId]) => ({ driverId, assetId }));
}
