// The account's canned replies: short answers a driver sends with one tap ("On my way", "Running 10 min late").
// The list is replaced as a whole (dashboard, account settings); a key stays on the messages that used it.
import { z } from "zod";
import { MAX_MESSAGE_LENGTH } from "./messages.schema";

export const MAX_CANNED_REPLIES = 20;

export const ZCannedReplies = z
  .array(
    z.object({
      key: z.string().trim().regex(/^[a-z0-9_-]{1,40}$/, "must be 1 to 40 lowercase letters, digits, - or _"),
      text: z.string().trim().min(1, "must not be empty").max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`),
    }),
  )
  .max(MAX_CANNED_REPLIES, `at most ${MAX_CANNED_REPLIES} canned replies`)
  .superRefine((replies, ctx) => {
    const seen = new Set<string>();
    replies.forEach((reply, index) => {
      if (seen.has(reply.key)) ctx.addIssue({ code: "custom", path: [index, "key"], message: "is used twice" });
      seen.add(reply.key);
    });
  });

export interface CannedReplyDto {
  key: string;
  text: string;
}
