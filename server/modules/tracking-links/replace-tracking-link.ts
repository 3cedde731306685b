// Replaces a link's settings as a whole (REST PUT): the link becomes what creating it with the same fields would make
// (a field left out takes its default), keeping its uuid and so its address and viewers' sessions, its passenger and
// its creation time. Only the fields that differ from the stored link are handed to updateTrackingLink, as the
// dashboard's form sends only what the user changed, so every rule of a change applies unchanged: a time limit sent
// back as it is may lie in the past, limits sent back as they are do not re-arm an expired link, disabling announces
// link.expired to the viewers, and so on.
import type { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { routeDisplayName } from "../routes/route-name";
import { findTrackingLink } from "./find-tracking-link";
import { linkForm, toTrackingLinkDto, type LinkRecord } from "./link-record";
import {
  formatSchedule,
  ZCreateTrackingLink,
  type CreateTrackingLinkInput,
  type TrackingLinkDto,
  type UpdateTrackingLinkInput,
} from "./tracking-links.schema";
import { updateTrackingLink } from "./update-tracking-link";

type Wanted = z.output<typeof ZCreateTrackingLink>;
type Changes = Omit<UpdateTrackingLinkInput, "accountId" | "linkId">;

export async function replaceTrackingLink(input: {
  accountId: number;
  linkId: number;
  link: Omit<CreateTrackingLinkInput, "accountId">;
}): Promise<TrackingLinkDto> {
  const wanted = parseInput(ZCreateTrackingLink, { ...input.link, accountId: input.accountId });
  const current = await findTrackingLink({ accountId: input.accountId, linkId: input.linkId });
  if (!current) throw new AppError("LINK_NOT_FOUND", `tracking link ${input.linkId} not found`);
  const displayName = wanted.displayName ?? (await targetName(wanted));
  const changes = changedFields(current, { ...wanted, displayName });
  if (Object.keys(changes).length === 0) return toTrackingLinkDto(current, Date.now());
  return updateTrackingLink({ accountId: input.accountId, linkId: input.linkId, ...changes });
}

/** the name a link gets by default: its vehicle's, or its route's */
async function targetName(link: Pick<Wanted, "accountId" | "assetId" | "routeId">): Promise<string> {
  if (link.routeId !== undefined) {
    const route = await db().route.findFirst({ where: { id: link.routeId, accountId: link.accountId }, select: { routeNumber: true, name: true } });
    if (!route) throw new AppError("ROUTE_NOT_FOUND", `route ${link.routeId} not found`);
    return routeDisplayName(route);
  }
  const asset = await db().asset.findFirst({ where: { id: link.assetId, accountId: link.accountId }, select: { name: true } });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${link.assetId} not found`);
  return asset.name;
}

const BRANDING = ["logoUrl", "primaryColor", "companyName", "contactName", "contactEmail", "contactPhone"] as const;

/** the fields of `wanted` that differ from the stored link, in the update's input shape */
function changedFields(current: LinkRecord, wanted: Wanted & { displayName: string }): Changes {
  const changes: Changes = {};
  if (wanted.routeId !== undefined) {
    if (current.routeId !== wanted.routeId) changes.routeId = wanted.routeId;
  } else if (current.routeId !== null || current.assetId !== wanted.assetId) {
    changes.assetId = wanted.assetId;
  }
  if (current.displayName !== wanted.displayName) changes.displayName = wanted.displayName;
  if (current.accessMode !== wanted.accessMode) changes.accessMode = wanted.accessMode;
  if (!sameSet(current.allowedEmails, wanted.allowedEmails)) changes.allowedEmails = wanted.allowedEmails;
  if (current.active !== wanted.active) changes.active = wanted.active;
  if (current.sessionMinutes !== wanted.sessionMinutes) changes.sessionMinutes = wanted.sessionMinutes;
  if (!sameInstant(current.startsAt, wanted.startsAt)) changes.startsAt = wanted.startsAt;
  if (!sameInstant(current.expiresAt, wanted.expiresAt)) changes.expiresAt = wanted.expiresAt;

  const destination = wanted.destination;
  const sameDestination = destination
    ? current.destinationLat === destination.lat &&
      current.destinationLng === destination.lng &&
      current.destinationName === (destination.name ?? null) &&
      current.arrivalRadiusM === destination.radiusM
    : current.destinationLat === null;
  if (!sameDestination) changes.destination = destination;

  const schedule = wanted.schedule && formatSchedule(wanted.schedule);
  const hasSchedule = current.scheduleDays.length > 0 && current.scheduleStart !== null && current.scheduleEnd !== null;
  const storedSchedule = hasSchedule
    ? formatSchedule({ days: current.scheduleDays, start: current.scheduleStart!, end: current.scheduleEnd!, until: current.scheduleUntil })
    : null;
  if (JSON.stringify(storedSchedule) !== JSON.stringify(schedule)) changes.schedule = schedule;

  // a replacement names every override: one left out goes back to the account's default
  const branding = Object.fromEntries(BRANDING.map((field) => [field, wanted.branding[field] ?? null])) as Record<
    (typeof BRANDING)[number],
    string | null
  >;
  if (BRANDING.some((field) => branding[field] !== current[field])) changes.branding = branding;

  const form = linkForm(current);
  const sameForm = form === null || wanted.form === null ? form === wanted.form : JSON.stringify(form) === JSON.stringify(wanted.form);
  if (!sameForm) changes.form = wanted.form;
  return changes;
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join("\n") === [...b].sort().join("\n");
}

function sameInstant(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
}
