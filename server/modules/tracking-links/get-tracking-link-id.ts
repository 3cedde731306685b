import { db } from "../../db/client";
import { AppError } from "../../errors";
import { ZLinkUuid } from "./tracking-links.schema";

/** the id of the account's link with this uuid; an unknown or malformed uuid, or another account's link, is LINK_NOT_FOUND */
export async function getTrackingLinkId(input: { accountId: number; uuid: string }): Promise<number> {
  const uuid = ZLinkUuid.safeParse(input.uuid);
  const link = uuid.success
    ? await db().trackingLink.findFirst({ where: { uuid: uuid.data, accountId: input.accountId }, select: { id: true } })
    : null;
  if (!link) throw new AppError("LINK_NOT_FOUND", "tracking link not found");
  return link.id;
}
