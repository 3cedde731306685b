import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById, ZListPage } from "../paging";
import { getWebhook } from "./get-webhook";
import { deliverySelect, toDeliveryDto, type WebhookDeliveryDto } from "./webhooks.schema";

/**
 * One page of a webhook's delivery log, newest attempt first (the log is read to see what just happened);
 * `next_cursor` leads to older attempts and is null on the last page.
 */
export async function listWebhookDeliveries(input: {
  accountId: number;
  webhookId: number;
  cursor?: string | null;
  limit?: number;
}): Promise<{ data: WebhookDeliveryDto[]; next_cursor: string | null }> {
  const { accountId, cursor, limit } = parseInput(ZListPage, { accountId: input.accountId, cursor: input.cursor, limit: input.limit });
  await getWebhook({ accountId, webhookId: input.webhookId }); // WEBHOOK_NOT_FOUND for another account's
  const before = cursor ? decodeCursor(cursor) : null;
  const rows = await db().webhookDelivery.findMany({
    where: { webhookId: input.webhookId, ...(before !== null && { id: { lt: before } }) },
    select: deliverySelect,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return pageById(rows, limit, toDeliveryDto);
}
