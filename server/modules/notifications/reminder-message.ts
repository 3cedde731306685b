// The message of an outbox row of kind "reminder" (queued by reminders/reminder-notifications.ts when a service or
// renewal reminder became due soon or overdue), read from the reminder named in its event key when it is sent.
import { db } from "../../db/client";

export interface ReminderMessage {
  accountId: number;
  subject: string;
  text: string;
  /** dashboard path */
  link: string;
  refs: Record<string, number | string>;
}

const KEY = /^reminder:(service|renewal):(\d+):(due_soon|overdue):\d+$/;

/** the message of an outbox row of kind "reminder", from its event key; null when the reminder is gone */
export async function reminderMessage(eventKey: string): Promise<ReminderMessage | null> {
  const match = KEY.exec(eventKey);
  if (!match) return null;
  const [, subject, idText, state] = match;
  const id = Number(idText);
  const when = state === "overdue" ? "is overdue" : "is due soon";
  if (subject === "service") {
    const row = await db().serviceReminder.findUnique({ where: { id }, select: { accountId: true, task: true, asset: { select: { id: true, name: true } }, account: { select: { key: true } } } });
    if (!row) return null;
    return {
      accountId: row.accountId,
      subject: `${row.task} for ${row.asset.name} ${when}`,
      text: `The service "${row.task}" of ${row.asset.name} ${when}. Log the service on the Reminders page once it is done.`,
      link: `/a/${row.account.key}/reminders`,
      refs: { service_reminder_id: id, asset_id: row.asset.id, state: state! },
    };
  }
  const row = await db().renewalReminder.findUnique({
    where: { id },
    select: { accountId: true, kind: true, name: true, expiresOn: true, asset: { select: { name: true } }, driver: { select: { name: true } }, account: { select: { key: true } } },
  });
  if (!row) return null;
  const what = row.kind === "custom" ? (row.name ?? "Renewal") : row.kind[0]!.toUpperCase() + row.kind.slice(1);
  const of = row.asset?.name ?? row.driver?.name ?? "";
  const expires = row.expiresOn.toISOString().slice(0, 10);
  return {
    accountId: row.accountId,
    subject: `${what} of ${of} ${when}`,
    text: `${what} of ${of} ${state === "overdue" ? "expired on" : "expires on"} ${expires}. Renew it and enter the new expiry date on the Reminders page.`,
    link: `/a/${row.account.key}/reminders`,
    refs: { renewal_reminder_id: id, state: state! },
  };
}
