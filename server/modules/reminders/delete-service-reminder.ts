// Deletes a service reminder; the service entries that completed it stay (they are the asset's service history).
import { db } from "../../db/client";
import { reminderNotFound } from "./reminders.schema";

export async function deleteServiceReminder(input: { accountId: number; reminderId: number }): Promise<void> {
  const { count } = await db().serviceReminder.deleteMany({ where: { id: input.reminderId, accountId: input.accountId } });
  if (count === 0) throw reminderNotFound(input.reminderId);
}
