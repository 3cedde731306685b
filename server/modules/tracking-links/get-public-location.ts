// GET /api/public/tracking/{uuid}/location (X-Session-Token): where the link's vehicle is now, as the public location
// object; null until it has reported a position. A route-based link adds the stop its distance and ETA refer to
// (link-location.ts). Only while the link may be watched: a disabled or expired link is 410, one outside its schedule
// 403 (no position is shown then, whoever asks).
import { db } from "../../db/client";
import { AppError } from "../../errors";
import type { LivePosition } from "../positions/live-position";
import { linkState, type LinkRecord } from "./link-record";
import { followedRunDate, linkLocation, type LinkLocation } from "./link-location";
import { loadLinkStops } from "./link-stops";
import { NOTHING_HEARD, runBoardIfCreated } from "./run-board";

export async function getPublicLocation(link: LinkRecord, now = Date.now()): Promise<LinkLocation> {
  assertWatchable(link, now);
  const state = link.assetId === null ? null : await db().assetState.findUnique({ where: { assetId: link.assetId }, select: { payload: true } });
  const position = (state?.payload as unknown as LivePosition | undefined) ?? null;
  const stops = await loadLinkStops(link);
  const board = runBoardIfCreated();
  // no board where no server runs (use-case tests): the straight-line estimate
  const run = stops && board ? await board.read(stops.routeId, followedRunDate(link.account.timeZone, now)) : NOTHING_HEARD;
  return linkLocation({ link, position, stops, run });
}

export function assertWatchable(link: LinkRecord, now: number): void {
  const state = linkState(link, now);
  if (!state.isActive) throw new AppError("LINK_INACTIVE", "This tracking link has been disabled.");
  if (state.isExpired) throw new AppError("LINK_EXPIRED", `This tracking link has expired (${state.expiredReason ?? "expired"}).`);
  if (!state.isWithinSchedule) {
    throw new AppError("OUTSIDE_SCHEDULE", state.status === "not_started" ? "Tracking has not started yet." : "Tracking is paused outside its schedule.");
  }
}
