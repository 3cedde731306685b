// Renewal reminders as their owners see them: evaluated at `now` in the account's time zone (reminder-arithmetic.ts).
import type { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { formatLocalDate } from "../time/zoned-time";
import { evaluateRenewal, localToday, type RenewalEvaluation } from "./reminder-arithmetic";
import { dateColumnToLocal, dateText, type RenewalKind, type RenewalReminderDto } from "./reminders.schema";

export const renewalSelect = {
  id: true,
  accountId: true,
  assetId: true,
  driverId: true,
  kind: true,
  name: true,
  expiresOn: true,
  remindDaysBefore: true,
  snoozedUntil: true,
  watcherIds: true,
  status: true,
  notifiedState: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.RenewalReminderSelect;

export type RenewalRow = Prisma.RenewalReminderGetPayload<{ select: typeof renewalSelect }>;

export interface EvaluatedRenewal {
  row: RenewalRow;
  evaluation: RenewalEvaluation;
  dto: RenewalReminderDto;
}

export function evaluateRenewals(rows: RenewalRow[], input: { now: number; timeZone: string }): EvaluatedRenewal[] {
  const today = localToday(input.now, input.timeZone);
  return rows.map((row) => {
    const evaluation = evaluateRenewal({
      expiresOn: dateColumnToLocal(row.expiresOn),
      remindDaysBefore: row.remindDaysBefore,
      today,
      snoozedUntil: row.snoozedUntil ? dateColumnToLocal(row.snoozedUntil) : null,
    });
    const dto: RenewalReminderDto = {
      id: row.id,
      asset_id: row.assetId,
      driver_id: row.driverId,
      kind: row.kind as RenewalKind,
      name: row.name,
      expires_on: dateText(row.expiresOn)!,
      remind_days_before: row.remindDaysBefore,
      due_soon_on: formatLocalDate(evaluation.dueSoonOn),
      remaining_days: evaluation.remainingDays,
      snoozed_until: dateText(row.snoozedUntil),
      watcher_ids: row.watcherIds,
      status: evaluation.status,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
    return { row, evaluation, dto };
  });
}

export async function evaluateAndStoreRenewals(rows: RenewalRow[], input: { now: number; timeZone: string }): Promise<EvaluatedRenewal[]> {
  const evaluated = evaluateRenewals(rows, input);
  const at = new Date(input.now);
  for (const { row, evaluation } of evaluated) {
    await db().$executeRaw`UPDATE renewal_reminders SET status = ${evaluation.status}, evaluated_at = ${at} WHERE id = ${row.id}`;
  }
  return evaluated;
}
