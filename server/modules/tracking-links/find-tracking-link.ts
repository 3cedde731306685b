import { db } from "../../db/client";
import { linkSelect, type LinkRecord } from "./link-record";
import { ZLinkUuid } from "./tracking-links.schema";

/** the link with this public uuid, or null (also for text that is not a uuid: it names no link) */
export async function findTrackingLinkByUuid(uuid: string): Promise<LinkRecord | null> {
  const parsed = ZLinkUuid.safeParse(uuid);
  if (!parsed.success) return null;
  return (await db().trackingLink.findUnique({ where: { uuid: parsed.data }, select: linkSelect })) as LinkRecord | null;
}

/** the account's link with this id, or null */
export async function findTrackingLink(input: { accountId: number; linkId: number }): Promise<LinkRecord | null> {
  return (await db().trackingLink.findFirst({
    where: { id: input.linkId, accountId: input.accountId },
    select: linkSelect,
  })) as LinkRecord | null;
}
