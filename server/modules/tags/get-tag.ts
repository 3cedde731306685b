// One tag of the account; another account's tag is TAG_NOT_FOUND, exactly like a missing one.
import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { type TagDto, tagNotFound, tagSelect, toTagDto, ZTagRef } from "./tags.schema";

export async function getTag(input: { accountId: number; tagId: number }): Promise<TagDto> {
  const { accountId, tagId } = parseInput(ZTagRef, input);
  const row = await db().tag.findFirst({ where: { id: tagId, accountId }, select: tagSelect });
  if (!row) throw tagNotFound(tagId);
  return toTagDto(row);
}
