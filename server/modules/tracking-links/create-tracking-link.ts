// Creates a tracking link for one of the account's vehicles. Its uuid is random (v4): the link is the secret that
// lets a viewer in for public-mode links, so it must not be guessable.
import { randomUUID } from "node:crypto";
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../accounts/parse-input";
import { brandingColumns, destinationColumns, scheduleColumns, schedulerColumns } from "./link-columns";
import { linkSelect, toTrackingLinkDto, type LinkRecord } from "./link-record";
import { ZCreateTrackingLink, type CreateTrackingLinkInput, type TrackingLinkDto } from "./tracking-links.schema";

export async function createTrackingLink(input: CreateTrackingLinkInput): Promise<TrackingLinkDto> {
  const link = parseInput(ZCreateTrackingLink, input);
  const prisma = db();
  const asset = await prisma.asset.findFirst({ where: { id: link.assetId, accountId: link.accountId }, select: { name: true } });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${link.assetId} not found`);
  const now = Date.now();
  if (link.expiresAt && link.expiresAt.getTime() <= now) {
    throw new AppError("VALIDATION_FAILED", "expiresAt: must be in the future", [{ field: "expiresAt", message: "must be in the future" }]);
  }
  const created = (await prisma.trackingLink.create({
    data: {
      uuid: randomUUID(),
      accountId: link.accountId,
      assetId: link.assetId,
      displayName: link.displayName ?? asset.name,
      accessMode: link.accessMode,
      allowedEmails: link.allowedEmails,
      active: link.active,
      expiresAt: link.expiresAt,
      startsAt: link.startsAt,
      sessionMinutes: link.sessionMinutes,
      ...destinationColumns(link.destination),
      ...scheduleColumns(link.schedule),
      ...brandingColumns(link.branding),
    },
    select: linkSelect,
  })) as LinkRecord;
  const scheduler = schedulerColumns(created, now);
  await prisma.trackingLink.update({ where: { id: created.id }, data: scheduler });
  await announce("tracking-link.changed", { accountId: created.accountId, linkId: created.id, uuid: created.uuid });
  return toTrackingLinkDto({ ...created, ...scheduler }, now);
}
