// Deletes a renewal reminder.
import { db } from "../../db/client";
import { renewalNotFound } from "./reminders.schema";

export async function deleteRenewalReminder(input: { accountId: number; renewalId: number }): Promise<void> {
  const { count } = await db().renewalReminder.deleteMany({ where: { id: input.renewalId, accountId: input.accountId } });
  if (count === 0) throw renewalNotFound(input.renewalId);
}
