// PUT of a tag: name and colour replaced as a whole (colour left out: the default grey). Its assets and drivers stay.
import { db } from "../../db/client";
import { isUniqueViolation, parseInput } from "../parse-input";
import { DEFAULT_TAG_COLOR, type TagDto, tagNameTaken, tagNotFound, tagSelect, toTagDto, ZTagBody, ZTagRef } from "./tags.schema";

export async function replaceTag(input: { accountId: number; tagId: number; body: unknown }): Promise<TagDto> {
  const { accountId, tagId } = parseInput(ZTagRef, input);
  const { name, color = DEFAULT_TAG_COLOR } = parseInput(ZTagBody, input.body);
  try {
    const { count } = await db().tag.updateMany({ where: { id: tagId, accountId }, data: { name, nameKey: name.toLowerCase(), color } });
    if (count === 0) throw tagNotFound(tagId);
  } catch (error) {
    if (isUniqueViolation(error)) throw tagNameTaken(name);
    throw error;
  }
  return toTagDto(await db().tag.findUniqueOrThrow({ where: { id: tagId }, select: tagSelect }));
}
