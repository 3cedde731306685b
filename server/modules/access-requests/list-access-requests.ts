// The account's access requests for the dashboard: those waiting for a decision, or those decided, newest first.
import type { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById } from "../paging";
import { accessRequestSelect, toAccessRequestDto, type AccessRequestRecord } from "./access-request-record";
import { ZAccessRequestList, type AccessRequestDto } from "./access-requests.schema";

export async function listAccessRequests(
  input: z.input<typeof ZAccessRequestList>,
): Promise<{ data: AccessRequestDto[]; next_cursor: string | null }> {
  const { accountId, status, cursor, limit } = parseInput(ZAccessRequestList, input);
  const rows = (await db().accessRequest.findMany({
    where: {
      accountId,
      status: status === "pending" ? "pending" : { in: ["approved", "rejected"] },
      ...(cursor && { id: { lt: decodeCursor(cursor) } }),
    },
    select: accessRequestSelect,
    orderBy: { id: "desc" },
    take: limit + 1,
  })) as AccessRequestRecord[];
  return pageById(rows, limit, toAccessRequestDto);
}
