import { db } from "../../db/client";
import { parseInput } from "../parse-input";
import { type RunDto, runNotFound, runSelect, toRunDto, ZRunRef } from "./runs.schema";

/** A run of the account; another account's run is RUN_NOT_FOUND, like a missing one. */
export async function getRun(input: { accountId: number; runId: number }): Promise<RunDto> {
  const { accountId, runId } = parseInput(ZRunRef, input);
  const row = await db().run.findFirst({ where: { id: runId, accountId }, select: runSelect });
  if (!row) throw runNotFound(runId);
  return toRunDto(row);
}
