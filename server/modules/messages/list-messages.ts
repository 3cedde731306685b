// One page of an account's messages (or one driver's conversation), newest first; `next_cursor` pages back in time.
import { db } from "../../db/client";
import { decodeCursor, pageById } from "../paging";
import { driverNotFound } from "../drivers/drivers.schema";
import { messageSelect, type MessageDto, toMessageDto } from "./messages.schema";

export const DEFAULT_MESSAGE_PAGE = 50;

export async function listMessages(input: {
  accountId: number;
  driverId?: number | null;
  cursor?: string | null;
  limit?: number;
}): Promise<{ data: MessageDto[]; next_cursor: string | null }> {
  const { accountId, driverId } = input;
  const limit = input.limit ?? DEFAULT_MESSAGE_PAGE;
  if (driverId != null) {
    const driver = await db().driver.findFirst({ where: { id: driverId, accountId }, select: { id: true } });
    if (!driver) throw driverNotFound(driverId);
  }
  const rows = await db().driverMessage.findMany({
    where: { accountId, ...(driverId != null && { driverId }), ...(input.cursor && { id: { lt: decodeCursor(input.cursor) } }) },
    select: messageSelect,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return pageById(rows, limit, toMessageDto);
}
