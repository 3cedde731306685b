// GET .../control/{command_id}: one command of the asset, with its state now.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { commandSelect, expireOverdue, toCommandDto, type ControlCommandDto } from "./control-commands";

export async function getControlCommand(input: { accountId: number; assetId: number; commandId: number }): Promise<ControlCommandDto> {
  await expireOverdue({ id: input.commandId });
  const row = await db().controlCommand.findFirst({
    where: { id: input.commandId, accountId: input.accountId, assetId: input.assetId },
    select: commandSelect,
  });
  if (!row) throw new AppError("CONTROL_COMMAND_NOT_FOUND", `command ${input.commandId} not found`);
  return toCommandDto(row);
}
