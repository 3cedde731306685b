// Disables a link by its public uuid (the admin CLI's `link disable`): every viewer is disconnected at once with
// link.expired, reason disabled. Disabling a disabled link is not an error.
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { findTrackingLinkByUuid } from "./find-tracking-link";

export async function disableTrackingLink(input: { uuid: string }): Promise<{ uuid: string; is_active: false }> {
  const link = await findTrackingLinkByUuid(input.uuid);
  if (!link) throw new AppError("LINK_NOT_FOUND", `tracking link ${input.uuid} not found`);
  await db().trackingLink.update({ where: { id: link.id }, data: { active: false, nextCheckAt: null } });
  await announce("tracking-link.changed", { accountId: link.accountId, linkId: link.id, uuid: link.uuid });
  return { uuid: link.uuid, is_active: false };
}
