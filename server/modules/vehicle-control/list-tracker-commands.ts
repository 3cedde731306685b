// GET /api/{account}/tracker/{id}/commands: the tracker's command log, newest first ({data, next_cursor}).
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { decodeCursor, pageById } from "../paging";
import { commandSelect, expireOverdue, toCommandDto, type ControlCommandDto } from "./control-commands";

export const ZCommandListQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(500, "must be at most 500").default(100),
});

export async function listTrackerCommands(input: {
  accountId: number;
  trackerId: number;
  cursor?: string;
  limit: number;
}): Promise<{ data: ControlCommandDto[]; next_cursor: string | null }> {
  const tracker = await db().tracker.findFirst({ where: { id: input.trackerId, accountId: input.accountId }, select: { id: true } });
  if (!tracker) throw new AppError("TRACKER_NOT_FOUND", `tracker ${input.trackerId} not found`);
  await expireOverdue({ trackerId: tracker.id });
  const rows = await db().controlCommand.findMany({
    where: { trackerId: tracker.id, ...(input.cursor && { id: { lt: decodeCursor(input.cursor) } }) },
    orderBy: { id: "desc" },
    take: input.limit + 1,
    select: commandSelect,
  });
  return pageById(rows, input.limit, toCommandDto);
}
