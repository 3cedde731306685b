// Creates a tracking link for one of the account's vehicles, or for one of its routes (a route-based link follows the
// vehicle of the route's run for the day: refresh-route-links.ts). Its uuid is random (v4): the link is the secret
// that lets a viewer in for public-mode links, so it must not be guessable. Within the account's quota of links
// (accounts/account-quotas.ts; passengers' own links are made elsewhere and do not count).
import { randomUUID } from "node:crypto";
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { takeAccountQuota } from "../accounts/account-quotas";
import { parseInput } from "../parse-input";
import { routeDisplayName } from "../routes/route-name";
import { brandingColumns, destinationColumns, formColumns, scheduleColumns, schedulerColumns } from "./link-columns";
import { linkSelect, toTrackingLinkDto, type LinkRecord } from "./link-record";
import { followedVehicles } from "./refresh-route-links";
import { ZCreateTrackingLink, type CreateTrackingLinkInput, type TrackingLinkDto } from "./tracking-links.schema";

export async function createTrackingLink(input: CreateTrackingLinkInput): Promise<TrackingLinkDto> {
  const link = parseInput(ZCreateTrackingLink, input);
  const prisma = db();
  const now = Date.now();
  const target = await linkTarget(link, now);
  if (link.expiresAt && link.expiresAt.getTime() <= now) {
    throw new AppError("VALIDATION_FAILED", "expiresAt: must be in the future", [{ field: "expiresAt", message: "must be in the future" }]);
  }
  const created = (await prisma.$transaction(async (tx) => {
    await takeAccountQuota(tx, link.accountId, "tracking_links");
    return tx.trackingLink.create({
      data: {
        uuid: randomUUID(),
        accountId: link.accountId,
        assetId: target.assetId,
        routeId: link.routeId ?? null,
        displayName: link.displayName ?? target.name,
        accessMode: link.accessMode,
        allowedEmails: link.allowedEmails,
        active: link.active,
        expiresAt: link.expiresAt,
        startsAt: link.startsAt,
        sessionMinutes: link.sessionMinutes,
        ...destinationColumns(link.destination),
        ...scheduleColumns(link.schedule),
        ...brandingColumns(link.branding),
        ...formColumns(link.form),
      },
      select: linkSelect,
    });
  })) as LinkRecord;
  const scheduler = schedulerColumns(created, now);
  await prisma.trackingLink.update({ where: { id: created.id }, data: scheduler });
  await announce("tracking-link.changed", { accountId: created.accountId, linkId: created.id, uuid: created.uuid });
  return toTrackingLinkDto({ ...created, ...scheduler }, now);
}

/** the vehicle the new link follows and the name it gets by default */
async function linkTarget(link: { accountId: number; assetId?: number; routeId?: number }, now: number) {
  const prisma = db();
  if (link.routeId !== undefined) {
    const route = await prisma.route.findFirst({ where: { id: link.routeId, accountId: link.accountId }, select: { routeNumber: true, name: true } });
    if (!route) throw new AppError("ROUTE_NOT_FOUND", `route ${link.routeId} not found`);
    const vehicles = await followedVehicles([link.routeId], now);
    return { assetId: vehicles.get(link.routeId) ?? null, name: routeDisplayName(route) };
  }
  const asset = await prisma.asset.findFirst({ where: { id: link.assetId, accountId: link.accountId }, select: { name: true } });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${link.assetId} not found`);
  return { assetId: link.assetId!, name: asset.name };
}
