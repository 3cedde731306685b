// Approving and rejecting share one step: a pending request of the account becomes decided (status, who, when) in
// a transaction, with whatever else the decision changes (`alsoDo`: approval adds the address to the link). Only
// one decision wins: a request decided meanwhile is ACCESS_REQUEST_DECIDED (409), another account's NOT_FOUND.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import type { Prisma } from "../../generated/prisma/client";
import { accessRequestSelect, toAccessRequestDto, type AccessRequestRecord } from "./access-request-record";
import type { AccessRequestDto } from "./access-requests.schema";

type Transaction = Prisma.TransactionClient;

export interface Decided {
  request: AccessRequestDto;
  linkId: number;
}

export async function decideAccessRequest(
  input: { accountId: number; requestId: number; userId: number },
  status: "approved" | "rejected",
  alsoDo?: (tx: Transaction, request: { linkId: number; email: string }) => Promise<void>,
): Promise<Decided> {
  return db().$transaction(async (tx) => {
    const found = await tx.accessRequest.findFirst({
      where: { id: input.requestId, accountId: input.accountId },
      select: { status: true, linkId: true, email: true },
    });
    if (!found) throw new AppError("ACCESS_REQUEST_NOT_FOUND", `access request ${input.requestId} not found`);
    const claimed = await tx.accessRequest.updateMany({
      where: { id: input.requestId, status: "pending" },
      data: { status, decidedAt: new Date(), decidedById: input.userId },
    });
    if (claimed.count === 0) {
      throw new AppError("ACCESS_REQUEST_DECIDED", `This request was ${found.status} already.`);
    }
    await alsoDo?.(tx, found);
    const row = (await tx.accessRequest.findUniqueOrThrow({ where: { id: input.requestId }, select: accessRequestSelect })) as AccessRequestRecord;
    return { request: toAccessRequestDto(row), linkId: found.linkId };
  });
}
