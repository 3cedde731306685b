// The periodic reminder evaluation (every node runs it; server.ts starts the worker): each pass claims reminders not
// evaluated for EVALUATE_EVERY_MS (a compare-and-set on evaluated_at with SKIP LOCKED, so nodes share the work),
// re-evaluates them against the latest meters and today's date in their account's time zone, stores their status
// (what the list filters read) and notifies each change of due state once (notifyTransition). Snoozed reminders
// notify nothing until the snooze ends. A service reminder whose vehicle reported since its last evaluation is due
// again after READING_EVERY_MS already, so a reminder reached by distance or engine hours is noticed within minutes
// of the reading, without adding work to ingest (the claim compares evaluated_at with asset_states.received_at).
import type { Logger } from "pino";
import { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { startPollingWorker, type PollingWorker } from "../../jobs/polling-worker";
import { notifyTransition } from "./reminder-notifications";
import { evaluateAndStoreRenewals, renewalSelect } from "./renewal-reminder-view";
import { accountTimeZone, evaluateAndStore, reminderSelect } from "./service-reminder-view";

export const EVALUATE_EVERY_MS = 15 * 60_000;
export const READING_EVERY_MS = 5 * 60_000;
const BATCH = 200;

async function claim(table: "service_reminders" | "renewal_reminders", now: number): Promise<{ id: number; account_id: number }[]> {
  const stale = new Date(now - EVALUATE_EVERY_MS);
  const readingStale = new Date(now - READING_EVERY_MS);
  const at = new Date(now);
  const name = Prisma.raw(table);
  const newReading =
    table === "service_reminders"
      ? Prisma.sql`OR (r.evaluated_at < ${readingStale} AND EXISTS (SELECT 1 FROM asset_states s WHERE s.asset_id = r.asset_id AND s.received_at > r.evaluated_at))`
      : Prisma.empty;
  return db().$queryRaw<{ id: number; account_id: number }[]>`
    UPDATE ${name} SET evaluated_at = ${at}
    WHERE id IN (
      SELECT r.id FROM ${name} r WHERE r.evaluated_at IS NULL OR r.evaluated_at < ${stale} ${newReading}
      ORDER BY r.evaluated_at NULLS FIRST, r.id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING id, account_id`;
}

function byAccount(rows: { id: number; account_id: number }[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const row of rows) out.set(row.account_id, [...(out.get(row.account_id) ?? []), row.id]);
  return out;
}

/** one pass: evaluates what is due for it; resolves with the number of reminders evaluated */
export async function evaluateDueReminders(input: { now?: number; stopping?: () => boolean } = {}): Promise<number> {
  let done = 0;
  for (;;) {
    const now = input.now ?? Date.now();
    const services = await claim("service_reminders", now);
    const renewals = await claim("renewal_reminders", now);
    if (services.length === 0 && renewals.length === 0) return done;
    for (const [accountId, ids] of byAccount(services)) {
      const timeZone = await accountTimeZone(accountId);
      const rows = await db().serviceReminder.findMany({ where: { id: { in: ids } }, select: reminderSelect });
      for (const { row, evaluation } of await evaluateAndStore(rows, { now, timeZone })) {
        if (evaluation.status !== "snoozed" && evaluation.dueState !== row.notifiedState) {
          await notifyTransition({ subject: "service", id: row.id, accountId, from: row.notifiedState, to: evaluation.dueState, at: now });
        }
      }
    }
    for (const [accountId, ids] of byAccount(renewals)) {
      const timeZone = await accountTimeZone(accountId);
      const rows = await db().renewalReminder.findMany({ where: { id: { in: ids } }, select: renewalSelect });
      for (const { row, evaluation } of await evaluateAndStoreRenewals(rows, { now, timeZone })) {
        if (evaluation.status !== "snoozed" && evaluation.dueState !== row.notifiedState) {
          await notifyTransition({ subject: "renewal", id: row.id, accountId, from: row.notifiedState, to: evaluation.dueState, at: now });
        }
      }
    }
    done += services.length + renewals.length;
    if (input.stopping?.()) return done;
  }
}

export function startReminderWorker(options: { logger: Logger; pollMs?: number; autostart?: boolean; now?: () => number }): PollingWorker {
  return startPollingWorker({
    name: "reminder evaluation",
    logger: options.logger,
    pollMs: options.pollMs ?? 60_000,
    autostart: options.autostart,
    pass: (stopping) => evaluateDueReminders({ now: options.now?.(), stopping }),
  });
}
