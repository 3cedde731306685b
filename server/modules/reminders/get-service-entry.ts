// One service entry of the account (SERVICE_ENTRY_NOT_FOUND otherwise).
import { db } from "../../db/client";
import { entryNotFound, type ServiceEntryDto } from "./reminders.schema";
import { entrySelect, toServiceEntryDto } from "./service-entry-dto";

export async function getServiceEntry(input: { accountId: number; entryId: number }): Promise<ServiceEntryDto> {
  const row = await db().serviceEntry.findFirst({ where: { id: input.entryId, accountId: input.accountId }, select: entrySelect });
  if (!row) throw entryNotFound(input.entryId);
  return toServiceEntryDto(row);
}
