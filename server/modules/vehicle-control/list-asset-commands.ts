// The newest commands of an asset's vehicle (the dashboard's control panel shows their live state).
import { db } from "../../db/client";
import { commandSelect, expireOverdue, toCommandDto, type ControlCommandDto } from "./control-commands";

export async function listAssetCommands(input: { accountId: number; assetId: number; limit?: number }): Promise<ControlCommandDto[]> {
  await expireOverdue({ assetId: input.assetId });
  const rows = await db().controlCommand.findMany({
    where: { accountId: input.accountId, assetId: input.assetId },
    orderBy: { id: "desc" },
    take: input.limit ?? 10,
    select: commandSelect,
  });
  return rows.map(toCommandDto);
}
