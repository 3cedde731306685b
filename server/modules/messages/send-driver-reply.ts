// A driver answers from the phone page, in free text or with one of the account's canned replies (its text is
// sent, its key kept). The reply is delivered on arrival; dispatch hears of it in the inbox (notify-dispatch.ts).
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { z } from "zod";
import { messageSelect, type MessageDto, toMessageDto, ZMessageBody } from "./messages.schema";
import { notifyDispatch } from "./notify-dispatch";
import { publishMessage } from "./publish-message";

const ZReply = z.union([
  z.object({ body: ZMessageBody, canned_reply_key: z.undefined().optional() }).strict(),
  z.object({ canned_reply_key: z.string().min(1).max(40), body: z.undefined().optional() }).strict(),
]);

export async function sendDriverReply(input: { accountId: number; driverId: number; reply: unknown; now?: Date }): Promise<MessageDto> {
  const { accountId, driverId } = input;
  const reply = parseInput(ZReply, input.reply);
  const now = input.now ?? new Date();
  let body: string;
  let cannedReplyKey: string | null = null;
  if (reply.canned_reply_key !== undefined) {
    const canned = await db().cannedReply.findUnique({ where: { accountId_key: { accountId, key: reply.canned_reply_key } }, select: { key: true, text: true } });
    if (!canned) throw new AppError("CANNED_REPLY_NOT_FOUND", `no canned reply "${reply.canned_reply_key}"`, [{ field: "canned_reply_key", message: "is not one of the account's canned replies" }]);
    body = canned.text;
    cannedReplyKey = canned.key;
  } else {
    body = reply.body!;
  }
  const row = await db().driverMessage.create({
    data: { accountId, driverId, direction: "from_driver", body, cannedReplyKey, status: "delivered", createdAt: now, sentAt: now, deliveredAt: now },
    select: messageSelect,
  });
  const message = toMessageDto(row);
  await publishMessage(message);
  await notifyDispatch({ accountId, message });
  return message;
}
