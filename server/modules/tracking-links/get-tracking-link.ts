import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { findTrackingLink } from "./find-tracking-link";
import { toTrackingLinkDto } from "./link-record";
import { ZLinkRef, type TrackingLinkDto } from "./tracking-links.schema";

/** one of the account's links; another account's link is LINK_NOT_FOUND, like a missing one */
export async function getTrackingLink(input: { accountId: number; linkId: number }): Promise<TrackingLinkDto> {
  const ref = parseInput(ZLinkRef, input);
  const link = await findTrackingLink(ref);
  if (!link) throw new AppError("LINK_NOT_FOUND", `tracking link ${ref.linkId} not found`);
  return toTrackingLinkDto(link, Date.now());
}
