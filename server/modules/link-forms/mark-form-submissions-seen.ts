// Marks passenger messages seen: the given ones of the account (an id of another account, or one seen already, is
// left alone), or every unseen one. Answers how many changed.
import type { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { ZMarkFormSubmissionsSeen } from "./link-forms.schema";

export async function markFormSubmissionsSeen(input: z.input<typeof ZMarkFormSubmissionsSeen>): Promise<{ marked: number }> {
  const { accountId, ids } = parseInput(ZMarkFormSubmissionsSeen, input);
  const { count } = await db().linkFormSubmission.updateMany({
    where: { accountId, seenAt: null, ...(ids && { id: { in: ids } }) },
    data: { seenAt: new Date() },
  });
  return { marked: count };
}
