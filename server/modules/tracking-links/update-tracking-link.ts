// Changes a link. Absent fields stay; null clears an optional one. A vehicle given makes the link follow that vehicle
// (a route-based link stops following its route); a route given makes it route-based. A passenger's own link
// always follows the passenger's route. Changing what ends a link (time limit,
// destination, start, schedule) re-arms an expired link: it is judged again against its new limits. Tightening who
// may view (a stricter access mode, addresses taken off an authorised-only list) deletes, in the same transaction,
// the viewer sessions the link no longer admits (viewer-sessions.ts). Viewers learn of the change through the hub: a
// disabled link expires for them, a new vehicle is announced, the viewers of ended sessions are closed, and so on.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { findTrackingLink } from "./find-tracking-link";
import { brandingColumns, destinationColumns, formColumns, scheduleColumns, schedulerColumns } from "./link-columns";
import { linkSelect, toTrackingLinkDto, type LinkRecord } from "./link-record";
import { followedVehicles } from "./refresh-route-links";
import { sessionsNotAdmitted } from "./viewer-sessions";
import { ZUpdateTrackingLink, type TrackingLinkDto, type UpdateTrackingLinkInput } from "./tracking-links.schema";

const LIMIT_FIELDS = ["expiresAt", "destination", "startsAt", "schedule"] as const;

export async function updateTrackingLink(input: UpdateTrackingLinkInput): Promise<TrackingLinkDto> {
  const { accountId, linkId, destination, schedule, branding, form, ...fields } = parseInput(ZUpdateTrackingLink, input);
  const prisma = db();
  const current = await findTrackingLink({ accountId, linkId });
  if (!current) throw new AppError("LINK_NOT_FOUND", `tracking link ${linkId} not found`);
  const { assetId, routeId, ...rest } = fields;
  const follows = await followedTarget({ accountId, current, assetId, routeId });
  const mode = rest.accessMode ?? current.accessMode;
  const emails = rest.allowedEmails ?? current.allowedEmails;
  if (mode === "authorized_only" && emails.length === 0) {
    throw new AppError("VALIDATION_FAILED", "allowedEmails: list at least one address for authorised-only links", [
      { field: "allowedEmails", message: "list at least one address for authorised-only links" },
    ]);
  }
  const given = { expiresAt: rest.expiresAt, destination, startsAt: rest.startsAt, schedule };
  const rearm = LIMIT_FIELDS.some((field) => given[field] !== undefined);
  const now = Date.now();
  if (rest.expiresAt && rest.expiresAt.getTime() <= now) {
    throw new AppError("VALIDATION_FAILED", "expiresAt: must be in the future", [{ field: "expiresAt", message: "must be in the future" }]);
  }

  const data = {
    ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
    ...follows,
    ...(destination !== undefined && destinationColumns(destination)),
    ...(schedule !== undefined && scheduleColumns(schedule)),
    ...(branding !== undefined && brandingColumns(branding)),
    ...(form !== undefined && formColumns(form)),
    ...(rearm && { expiredAt: null, expiredReason: null }),
  };
  const accessChanged = rest.accessMode !== undefined || rest.allowedEmails !== undefined;
  const updated = await prisma.$transaction(async (tx) => {
    const link = (await tx.trackingLink.update({ where: { id: linkId }, data, select: linkSelect })) as LinkRecord;
    if (accessChanged) await tx.viewerSession.deleteMany({ where: sessionsNotAdmitted(linkId, link) });
    return link;
  });
  const scheduler = schedulerColumns(updated, now);
  await prisma.trackingLink.update({ where: { id: linkId }, data: scheduler });
  // gateways read the link again and tell viewers what differs (disabled, new vehicle, window moved, ...)
  await announce("tracking-link.changed", { accountId, linkId, uuid: updated.uuid });
  return toTrackingLinkDto({ ...updated, ...scheduler }, now);
}

/** the columns of what the link follows after the update (none when neither a vehicle nor a route is given) */
async function followedTarget(input: {
  accountId: number;
  current: LinkRecord;
  assetId: number | undefined;
  routeId: number | undefined;
}): Promise<{ assetId?: number | null; routeId?: number | null }> {
  const { accountId, current, assetId, routeId } = input;
  if (assetId === undefined && routeId === undefined) return {};
  if (assetId !== undefined && routeId !== undefined) {
    throw new AppError("VALIDATION_FAILED", "assetId: choose a vehicle or a route, not both", [
      { field: "assetId", message: "choose a vehicle or a route, not both" },
    ]);
  }
  if (current.passengerId !== null) {
    const field = assetId !== undefined ? "assetId" : "routeId";
    const message = "a passenger's link follows the passenger's route";
    throw new AppError("VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
  }
  const prisma = db();
  if (routeId !== undefined) {
    const route = await prisma.route.findFirst({ where: { id: routeId, accountId }, select: { id: true } });
    if (!route) throw new AppError("ROUTE_NOT_FOUND", `route ${routeId} not found`);
    return { routeId, assetId: (await followedVehicles([routeId])).get(routeId) ?? null };
  }
  if (assetId !== current.assetId || current.routeId !== null) {
    const asset = await prisma.asset.findFirst({ where: { id: assetId, accountId }, select: { id: true } });
    if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
  }
  return { assetId, routeId: null };
}
