import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";
import { z } from "zod";
import { type FiredAlertDto, firedAlertSelect, toFiredAlertDto } from "./alerts.schema";

const ZRef = z.object({ accountId: z.number().int().positive(), alertId: z.number().int().positive() });

/** A fired alert of the account; another account's is ALERT_NOT_FOUND, exactly like a missing one. */
export async function getFiredAlert(input: { accountId: number; alertId: number }): Promise<FiredAlertDto> {
  const { accountId, alertId } = parseInput(ZRef, input);
  const row = await db().alert.findFirst({ where: { id: alertId, accountId }, select: firedAlertSelect });
  if (!row) throw new AppError("ALERT_NOT_FOUND", `alert ${alertId} not found`);
  return toFiredAlertDto(row);
}
