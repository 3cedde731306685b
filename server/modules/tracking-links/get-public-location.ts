// GET /api/public/tracking/{uuid}/location (X-Session-Token): where the link's vehicle is now, as the public location
// object; null until it has reported a position. Only while the link may be watched: a disabled or expired link is
// 410, one outside its schedule 403 (no position is shown then, whoever asks).
import { db } from "../../db/client";
import { AppError } from "../../errors";
import type { LivePosition } from "../positions/live-position";
import { linkState, type LinkRecord } from "./link-record";
import { linkDestination, toPublicLocation } from "./public-location";
import type { PublicLocation } from "./tracking-links.schema";

export async function getPublicLocation(link: LinkRecord, now = Date.now()): Promise<{ location: PublicLocation | null }> {
  assertWatchable(link, now);
  if (link.assetId === null) return { location: null };
  const state = await db().assetState.findUnique({ where: { assetId: link.assetId }, select: { payload: true } });
  if (!state) return { location: null };
  return { location: toPublicLocation(state.payload as unknown as LivePosition, link.account.timeZone, linkDestination(link)) };
}

export function assertWatchable(link: LinkRecord, now: number): void {
  const state = linkState(link, now);
  if (!state.isActive) throw new AppError("LINK_INACTIVE", "This tracking link has been disabled.");
  if (state.isExpired) throw new AppError("LINK_EXPIRED", `This tracking link has expired (${state.expiredReason ?? "expired"}).`);
  if (!state.isWithinSchedule) {
    throw new AppError("OUTSIDE_SCHEDULE", state.status === "not_started" ? "Tracking has not started yet." : "Tracking is paused outside its schedule.");
  }
}
