// How many passenger messages nobody has marked seen (the navigation's badge).
import { db } from "../../db/client";

export async function countUnseenFormSubmissions(input: { accountId: number }): Promise<number> {
  return db().linkFormSubmission.count({ where: { accountId: input.accountId, seenAt: null } });
}
