// GET /api/public/tracking/{uuid}/info: the spec's tracking link info, nothing more (the account's branding where
// the link has none of its own). A disabled or expired link still answers, with its flags: the page shows why.
import { AppError } from "../../errors";
import { findTrackingLinkByUuid } from "./find-tracking-link";
import { linkState, toLinkInfo } from "./link-record";
import type { TrackingLinkInfo } from "./tracking-links.schema";

export async function getLinkInfo(input: { uuid: string }, now = Date.now()): Promise<TrackingLinkInfo> {
  const link = await findTrackingLinkByUuid(input.uuid);
  if (!link) throw new AppError("LINK_NOT_FOUND", "Tracking link not found.");
  return toLinkInfo(link, linkState(link, now));
}
