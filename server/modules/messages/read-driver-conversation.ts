// What the driver page shows: the driver's conversation, oldest first (the newest 100, or what came after the id the
// page has), with the account's canned replies. Reading it is the page receiving the messages: dispatch messages
// in it are delivered (recordDriverReceipt); they are read only once the page showed them.
import { db } from "../../db/client";
import { listCannedReplies } from "./list-canned-replies";
import { type CannedReplyDto } from "./canned-replies.schema";
import { messageSelect, type MessageDto, toMessageDto } from "./messages.schema";
import { recordDriverReceipt } from "./record-driver-receipt";

export const CONVERSATION_PAGE = 100;

export async function readDriverConversation(input: {
  accountId: number;
  driverId: number;
  afterId?: number | null;
  now?: Date;
}): Promise<{ messages: MessageDto[]; canned_replies: CannedReplyDto[] }> {
  const { accountId, driverId } = input;
  const rows = await db().driverMessage.findMany({
    where: { accountId, driverId, ...(input.afterId != null && { id: { gt: input.afterId } }) },
    select: messageSelect,
    orderBy: { id: input.afterId != null ? "asc" : "desc" },
    take: CONVERSATION_PAGE,
  });
  if (input.afterId == null) rows.reverse();
  const newestToDriver = rows.filter((row) => row.direction === "to_driver" && (row.status === "queued" || row.status === "sent")).at(-1);
  if (newestToDriver) {
    await recordDriverReceipt({ accountId, driverId, upToId: newestToDriver.id, status: "delivered", now: input.now });
    const deliveredAt = input.now ?? new Date();
    for (const row of rows) {
      if (row.direction === "to_driver" && row.id <= newestToDriver.id && (row.status === "queued" || row.status === "sent")) {
        row.status = "delivered";
        row.deliveredAt ??= deliveredAt;
      }
    }
  }
  return { messages: rows.map(toMessageDto), canned_replies: await listCannedReplies({ accountId }) };
}
