// The account's passenger messages (form submissions) for the dashboard, newest first.
import type { z } from "zod";
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, pageById } from "../paging";
import { ZFormSubmissionList, type FormSubmissionDto } from "./link-forms.schema";

const select = {
  id: true,
  choice: true,
  message: true,
  email: true,
  seenAt: true,
  createdAt: true,
  link: { select: { id: true, uuid: true, displayName: true } },
  passenger: { select: { id: true, name: true } },
} as const;

export async function listFormSubmissions(
  input: z.input<typeof ZFormSubmissionList>,
): Promise<{ data: FormSubmissionDto[]; next_cursor: string | null }> {
  const { accountId, unseenOnly, cursor, limit } = parseInput(ZFormSubmissionList, input);
  const rows = await db().linkFormSubmission.findMany({
    where: { accountId, ...(unseenOnly && { seenAt: null }), ...(cursor && { id: { lt: decodeCursor(cursor) } }) },
    select,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return pageById(rows, limit, (row) => ({
    id: row.id,
    link: { id: row.link.id, uuid: row.link.uuid, display_name: row.link.displayName },
    passenger: row.passenger,
    email: row.email,
    choice: row.choice,
    message: row.message,
    seen_at: row.seenAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }));
}
