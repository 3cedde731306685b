// Replaces the account's canned replies as a whole; messages that used a key keep it.
import { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { type CannedReplyDto, ZCannedReplies } from "./canned-replies.schema";
import { listCannedReplies } from "./list-canned-replies";

export async function replaceCannedReplies(input: { accountId: number; replies: unknown }): Promise<CannedReplyDto[]> {
  const replies = parseInput(z.object({ replies: ZCannedReplies }), { replies: input.replies }).replies;
  await db().$transaction([
    db().cannedReply.deleteMany({ where: { accountId: input.accountId } }),
    db().cannedReply.createMany({ data: replies.map((reply, position) => ({ accountId: input.accountId, key: reply.key, text: reply.text, position })) }),
  ]);
  return listCannedReplies(input);
}
