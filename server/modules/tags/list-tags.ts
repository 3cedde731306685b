// One page of an account's tags in id order.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { decodeCursor, type ListPageInput, pageById, ZListPage } from "../paging";
import { type TagPage, tagSelect, toTagDto } from "./tags.schema";

export async function listTags(input: ListPageInput): Promise<TagPage> {
  const { accountId, cursor, limit } = parseInput(ZListPage, input);
  const after = cursor ? decodeCursor(cursor) : 0;
  const rows = await db().tag.findMany({
    where: { accountId, id: { gt: after } },
    select: tagSelect,
    orderBy: { id: "asc" },
    take: limit + 1, // one extra row tells whether another page exists
  });
  return pageById(rows, limit, toTagDto);
}
