// The account's canned replies in the order the account set (the driver page shows them as buttons).
import { db } from "../../db/client";
import type { CannedReplyDto } from "./canned-replies.schema";

export async function listCannedReplies(input: { accountId: number }): Promise<CannedReplyDto[]> {
  return db().cannedReply.findMany({ where: { accountId: input.accountId }, select: { key: true, text: true }, orderBy: [{ position: "asc" }, { id: "asc" }] });
}
