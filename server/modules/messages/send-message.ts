// Dispatch sends a message to one driver, to a vehicle's current driver (find-current-driver.ts), to the current
// drivers of an asset group's vehicles (the group and its subgroups; a driver of two of them gets one message) or to
// every driver of the account. Each driver gets a row of their own: stored as queued, then published to the driver's
// channel and marked sent.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { groupNotFound } from "../asset-groups/asset-groups.schema";
import { type AssetScope, isLimited, scopedAssetWhere, scopedGroupWhere, wholeFleet } from "../asset-scope/asset-scope";
import { groupAssetWhere } from "../asset-scope/group-asset-filter";
import { driverNotFound } from "../drivers/drivers.schema";
import { findCurrentDriver } from "./find-current-driver";
import { messageSelect, type MessageDto, toMessageDto, ZSendMessageRequest } from "./messages.schema";
import { publishMessage } from "./publish-message";

/**
 * `scope`: the assets the sender sees (asset-scope/asset-scope.ts). A group-limited member writes to the drivers of
 * their vehicles (asset_id, group_id: others are 404 as if missing) or to a driver by id; never to all drivers.
 */
export async function sendMessage(input: { accountId: number; scope?: AssetScope; senderUserId: number | null; request: unknown; now?: Date }): Promise<MessageDto[]> {
  const { accountId, senderUserId } = input;
  const scope = input.scope ?? wholeFleet(accountId);
  const request = parseInput(ZSendMessageRequest, input.request);
  const now = input.now ?? new Date();

  let driverIds: number[];
  let assetId: number | null = null;
  // group messages: the vehicle each driver was found through
  const assetOf = new Map<number, number>();
  if (request.driver_id !== undefined) {
    const driver = await db().driver.findFirst({ where: { id: request.driver_id, accountId }, select: { id: true } });
    if (!driver) throw driverNotFound(request.driver_id);
    driverIds = [driver.id];
  } else if (request.asset_id !== undefined) {
    const asset = await db().asset.findFirst({ where: { AND: [scopedAssetWhere(scope), { id: request.asset_id, accountId }] }, select: { id: true } });
    if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${request.asset_id} not found`);
    const driverId = await findCurrentDriver({ accountId, assetId: asset.id, now });
    if (driverId === null) throw new AppError("NO_CURRENT_DRIVER", `asset ${asset.id} has no current driver (no identified key, run or route names one)`);
    driverIds = [driverId];
    assetId = asset.id;
  } else if (request.group_id !== undefined) {
    const group = await db().assetGroup.findFirst({ where: { AND: [scopedGroupWhere(scope), { id: request.group_id, accountId }] }, select: { id: true } });
    if (!group) throw groupNotFound(request.group_id);
    const assets = await db().asset.findMany({
      where: { accountId, ...(await groupAssetWhere(accountId, group.id)) },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    for (const asset of assets) {
      const driverId = await findCurrentDriver({ accountId, assetId: asset.id, now });
      if (driverId !== null && !assetOf.has(driverId)) assetOf.set(driverId, asset.id);
    }
    if (assetOf.size === 0) {
      throw new AppError("NO_CURRENT_DRIVER", `no vehicle of asset group ${group.id} has a current driver (no identified key, run or route names one)`);
    }
    driverIds = [...assetOf.keys()];
  } else {
    if (isLimited(scope)) throw new AppError("FORBIDDEN", "Your access is limited to some groups: write to a group of yours instead of all drivers.");
    driverIds = (await db().driver.findMany({ where: { accountId }, select: { id: true }, orderBy: { id: "asc" } })).map((d) => d.id);
    if (driverIds.length === 0) throw new AppError("NO_DRIVERS", "the account has no drivers to send to");
  }

  const created = await db().$transaction(
    driverIds.map((driverId) =>
      db().driverMessage.create({
        data: { accountId, driverId, assetId: assetOf.get(driverId) ?? assetId, direction: "to_driver", body: request.body, senderUserId, status: "queued", createdAt: now },
        select: { id: true },
      }),
    ),
  );
  const ids = created.map((row) => row.id);
  // sent: handed to the driver's channel (the page also finds it by polling); delivered/read come from the page
  await db().driverMessage.updateMany({ where: { id: { in: ids }, status: "queued" }, data: { status: "sent", sentAt: now } });
  const rows = await db().driverMessage.findMany({ where: { id: { in: ids } }, select: messageSelect, orderBy: { id: "asc" } });
  const messages = rows.map(toMessageDto);
  for (const message of messages) await publishMessage(message);
  return messages;
}
