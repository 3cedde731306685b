// Changes a link. Absent fields stay; null clears an optional one. Changing what ends a link (time limit,
// destination, start, schedule) re-arms an expired link: it is judged again against its new limits. Viewers learn
// of the change through the hub: a disabled link expires for them, a new vehicle is announced, and so on.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../accounts/parse-input";
import { findTrackingLink } from "./find-tracking-link";
import { brandingColumns, destinationColumns, scheduleColumns, schedulerColumns } from "./link-columns";
import { linkSelect, toTrackingLinkDto, type LinkRecord } from "./link-record";
import { ZUpdateTrackingLink, type TrackingLinkDto, type UpdateTrackingLinkInput } from "./tracking-links.schema";

const LIMIT_FIELDS = ["expiresAt", "destination", "startsAt", "schedule"] as const;

export async function updateTrackingLink(input: UpdateTrackingLinkInput): Promise<TrackingLinkDto> {
  const { accountId, linkId, destination, schedule, branding, ...fields } = parseInput(ZUpdateTrackingLink, input);
  const prisma = db();
  const current = await findTrackingLink({ accountId, linkId });
  if (!current) throw new AppError("LINK_NOT_FOUND", `tracking link ${linkId} not found`);
  if (fields.assetId !== undefined && fields.assetId !== current.assetId) {
    const asset = await prisma.asset.findFirst({ where: { id: fields.assetId, accountId }, select: { id: true } });
    if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${fields.assetId} not found`);
  }
  const mode = fields.accessMode ?? current.accessMode;
  const emails = fields.allowedEmails ?? current.allowedEmails;
  if (mode === "authorized_only" && emails.length === 0) {
    throw new AppError("VALIDATION_FAILED", "allowedEmails: list at least one address for authorised-only links", [
      { field: "allowedEmails", message: "list at least one address for authorised-only links" },
    ]);
  }
  const given = { expiresAt: fields.expiresAt, destination, startsAt: fields.startsAt, schedule };
  const rearm = LIMIT_FIELDS.some((field) => given[field] !== undefined);
  const now = Date.now();
  if (fields.expiresAt && fields.expiresAt.getTime() <= now) {
    throw new AppError("VALIDATION_FAILED", "expiresAt: must be in the future", [{ field: "expiresAt", message: "must be in the future" }]);
  }

  const data = {
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    ...(destination !== undefined && destinationColumns(destination)),
    ...(schedule !== undefined && scheduleColumns(schedule)),
    ...(branding !== undefined && brandingColumns(branding)),
    ...(rearm && { expiredAt: null, expiredReason: null }),
  };
  const updated = (await prisma.trackingLink.update({ where: { id: linkId }, data, select: linkSelect })) as LinkRecord;
  const scheduler = schedulerColumns(updated, now);
  await prisma.trackingLink.update({ where: { id: linkId }, data: scheduler });
  // gateways read the link again and tell viewers what differs (disabled, new vehicle, window moved, ...)
  await announce("tracking-link.changed", { accountId, linkId, uuid: updated.uuid });
  return toTrackingLinkDto({ ...updated, ...scheduler }, now);
}
