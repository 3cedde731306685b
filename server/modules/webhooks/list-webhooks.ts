import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById, ZListPage } from "../paging";
import { toWebhookDto, type WebhookDto, webhookSelect } from "./webhooks.schema";

/** One page of the account's webhooks in id order (never with their secrets); `next_cursor` is null on the last page. */
export async function listWebhooks(input: {
  accountId: number;
  cursor?: string | null;
  limit?: number;
}): Promise<{ data: WebhookDto[]; next_cursor: string | null }> {
  const { accountId, cursor, limit } = parseInput(ZListPage, input);
  const after = cursor ? decodeCursor(cursor) : 0;
  const rows = await db().webhook.findMany({
    where: { accountId, id: { gt: after } },
    select: webhookSelect,
    orderBy: { id: "asc" },
    take: limit + 1, // one extra row tells whether another page exists
  });
  return pageById(rows, limit, toWebhookDto);
}
