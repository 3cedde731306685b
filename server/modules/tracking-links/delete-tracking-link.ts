// Deletes a link with its viewer sessions and access codes; its viewers are disconnected (the link is then unknown).
import { announce } from "../../announce";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { ZLinkRef } from "./tracking-links.schema";

export async function deleteTrackingLink(input: { accountId: number; linkId: number }): Promise<{ id: number }> {
  const { accountId, linkId } = parseInput(ZLinkRef, input);
  const link = await db().trackingLink.findFirst({ where: { id: linkId, accountId }, select: { uuid: true } });
  if (!link) throw new AppError("LINK_NOT_FOUND", `tracking link ${linkId} not found`);
  await db().trackingLink.delete({ where: { id: linkId } });
  await announce("tracking-link.changed", { accountId, linkId, uuid: link.uuid });
  return { id: linkId };
}
