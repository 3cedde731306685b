// How many access requests wait for the team (the navigation's badge).
import { db } from "../../db/client";

export async function countPendingAccessRequests(input: { accountId: number }): Promise<number> {
  return db().accessRequest.count({ where: { accountId: input.accountId, status: "pending" } });
}
