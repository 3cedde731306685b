// Service reminders as their owners see them: each row with its baseline (the newest service entry completing it,
// else its start), evaluated against the vehicle's latest meters at `now` in the account's time zone. Used by every
// read and by the periodic evaluation, so REST, the dashboard and notifications agree.
import { Prisma } from "../../generated/prisma/client";
import { db } from "../../db/client";
import { formatLocalDate, type LocalDate } from "../time/zoned-time";
import { readAssetMeters } from "./read-asset-meters";
import { type Baseline, evaluateServiceReminder, localToday, type ServiceEvaluation, type ServiceSchedule, type TimeUnit } from "./reminder-arithmetic";
import { dateColumnToLocal, dateText, type ServiceReminderDto } from "./reminders.schema";

export const reminderSelect = {
  id: true,
  accountId: true,
  assetId: true,
  task: true,
  intervalKm: true,
  dueSoonKm: true,
  intervalHours: true,
  dueSoonHours: true,
  intervalTimeValue: true,
  intervalTimeUnit: true,
  dueSoonTimeValue: true,
  dueSoonTimeUnit: true,
  startOn: true,
  startOdometerKm: true,
  startEngineHours: true,
  snoozedUntil: true,
  watcherIds: true,
  status: true,
  notifiedState: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.ServiceReminderSelect;

export type ReminderRow = Prisma.ServiceReminderGetPayload<{ select: typeof reminderSelect }>;

interface LastService {
  reminder_id: number;
  entry_id: number;
  serviced_on: Date;
  odometer_km: number | null;
  engine_hours: number | null;
}

export interface EvaluatedReminder {
  row: ReminderRow;
  evaluation: ServiceEvaluation;
  dto: ServiceReminderDto;
}

export function scheduleOf(row: ReminderRow): ServiceSchedule {
  const unit = row.intervalTimeUnit as TimeUnit | null;
  return {
    distanceKm: row.intervalKm,
    distanceDueSoonKm: row.dueSoonKm,
    engineHours: row.intervalHours,
    engineDueSoonHours: row.dueSoonHours,
    time: row.intervalTimeValue !== null && unit ? { value: row.intervalTimeValue, unit } : null,
    timeDueSoon:
      row.dueSoonTimeValue !== null && row.dueSoonTimeValue > 0 ? { value: row.dueSoonTimeValue, unit: (row.dueSoonTimeUnit ?? unit ?? "day") as TimeUnit } : null,
  };
}

/** the newest service entry completing each reminder */
async function lastServices(reminderIds: number[]): Promise<Map<number, LastService>> {
  if (reminderIds.length === 0) return new Map();
  const rows = await db().$queryRaw<LastService[]>`
    SELECT DISTINCT ON (l.reminder_id) l.reminder_id, e.id AS entry_id, e.serviced_on, e.odometer_km, e.engine_hours
    FROM service_entry_reminders l JOIN service_entries e ON e.id = l.entry_id
    WHERE l.reminder_id IN (${Prisma.join(reminderIds)})
    ORDER BY l.reminder_id, e.serviced_on DESC, e.id DESC`;
  return new Map(rows.map((row) => [row.reminder_id, row]));
}

export async function accountTimeZone(accountId: number): Promise<string> {
  const account = await db().account.findUnique({ where: { id: accountId }, select: { timeZone: true } });
  return account?.timeZone ?? "UTC";
}

const round = (value: number | null, digits = 1): number | null => (value === null ? null : Number(value.toFixed(digits)));
const text = (date: LocalDate | null): string | null => (date ? formatLocalDate(date) : null);

export async function evaluateReminders(rows: ReminderRow[], input: { now: number; timeZone: string }): Promise<EvaluatedReminder[]> {
  const [services, meters] = await Promise.all([
    lastServices(rows.map((row) => row.id)),
    readAssetMeters(rows.map((row) => row.assetId), input.now),
  ]);
  const today = localToday(input.now, input.timeZone);
  return rows.map((row) => {
    const last = services.get(row.id) ?? null;
    const baseline: Baseline = last
      ? { date: dateColumnToLocal(last.serviced_on), odometerKm: last.odometer_km, engineHours: last.engine_hours }
      : { date: dateColumnToLocal(row.startOn), odometerKm: row.startOdometerKm, engineHours: row.startEngineHours };
    const schedule = scheduleOf(row);
    const evaluation = evaluateServiceReminder({
      schedule,
      baseline,
      meters: meters.get(row.assetId) ?? { odometerKm: null, engineHours: null, kmPerDay: null, engineHoursPerDay: null },
      today,
      snoozedUntil: row.snoozedUntil ? dateColumnToLocal(row.snoozedUntil) : null,
    });
    const { distance, engine, time } = evaluation;
    const dto: ServiceReminderDto = {
      id: row.id,
      asset_id: row.assetId,
      task: row.task,
      distance: row.intervalKm !== null ? { every_km: row.intervalKm, due_soon_km: row.dueSoonKm } : null,
      engine_hours: row.intervalHours !== null ? { every_hours: row.intervalHours, due_soon_hours: row.dueSoonHours } : null,
      time: schedule.time
        ? { every: schedule.time.value, unit: schedule.time.unit, due_soon: row.dueSoonTimeValue, due_soon_unit: (row.dueSoonTimeUnit ?? schedule.time.unit) as TimeUnit }
        : null,
      start: { on: dateText(row.startOn)!, odometer_km: row.startOdometerKm, engine_hours: row.startEngineHours },
      last_service: last
        ? { entry_id: last.entry_id, serviced_on: dateText(last.serviced_on)!, odometer_km: last.odometer_km, engine_hours: last.engine_hours }
        : null,
      snoozed_until: dateText(row.snoozedUntil),
      watcher_ids: row.watcherIds,
      status: evaluation.status,
      due: {
        distance: distance
          ? {
              due_km: round(distance.due)!,
              due_soon_from_km: round(distance.dueSoonFrom)!,
              current_km: round(distance.current),
              remaining_km: round(distance.remaining),
              state: distance.state,
              forecast_on: text(distance.forecastOn),
            }
          : null,
        engine_hours: engine
          ? {
              due_hours: round(engine.due)!,
              due_soon_from_hours: round(engine.dueSoonFrom)!,
              current_hours: round(engine.current),
              remaining_hours: round(engine.remaining),
              state: engine.state,
              forecast_on: text(engine.forecastOn),
            }
          : null,
        time: time ? { due_on: formatLocalDate(time.dueOn), due_soon_on: formatLocalDate(time.dueSoonOn), remaining_days: time.remainingDays, state: time.state } : null,
      },
      forecast_on: text(evaluation.forecastOn),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
    return { row, evaluation, dto };
  });
}

/** evaluates and stores the status (and forecast) the list filters read; returns the evaluations */
export async function evaluateAndStore(rows: ReminderRow[], input: { now: number; timeZone: string }): Promise<EvaluatedReminder[]> {
  const evaluated = await evaluateReminders(rows, input);
  const at = new Date(input.now);
  for (const { row, evaluation } of evaluated) {
    const forecast = evaluation.forecastOn ? formatLocalDate(evaluation.forecastOn) : null;
    // raw: an evaluation is not a change of the reminder (updated_at stays)
    await db().$executeRaw`
      UPDATE service_reminders SET status = ${evaluation.status}, forecast_on = ${forecast}::date, evaluated_at = ${at}
      WHERE id = ${row.id}`;
  }
  return evaluated;
}
