// The demo's fleet records: a service that is overdue, renewals that fall due soon, a few fill-ups and a weekly
// report by e-mail, made through the reminders, fuel and report-schedule use cases when the demo account lacks them.
// Dates are counted back from the seeding day, so a new demo always shows one reminder overdue and one due soon.
import { db } from "../../db/client";
import { createFuelEntry } from "../fuel-entries/create-fuel-entry";
import { saveRenewalReminder } from "../reminders/save-renewal-reminder";
import { saveServiceReminder } from "../reminders/save-service-reminder";
import { createReportSchedule } from "../reports/schedules/create-report-schedule";
import { addDays, formatLocalDate, zonedParts } from "../time/zoned-time";

const DAY_MS = 86_400_000;

export const DEMO_SERVICE_TASK = "Oil and filter change";
export const DEMO_REPORT_SCHEDULE = "Weekly mileage";
/** who the demo's scheduled report goes to (the outbox keeps it: the demo sends no real mail) */
export const DEMO_DISPATCH_EMAIL = "dispatch@demo.fleetline.local";

/** Van 1's fill-ups: days ago, odometer (below any simulated vehicle's, which start above 40,000 km), litres */
const FILL_UPS = [
  { daysAgo: 21, odometerKm: 38_105, litres: 61.2 },
  { daysAgo: 14, odometerKm: 38_562, litres: 58.9 },
  { daysAgo: 6, odometerKm: 39_024, litres: 60.4 },
];

export async function ensureDemoRecords(
  accountId: number,
  vehicles: Map<string, number>,
  drivers: Map<string, number>,
  now: number,
): Promise<void> {
  const account = await db().account.findUniqueOrThrow({ where: { id: accountId }, select: { timeZone: true } });
  const today = zonedParts(now, account.timeZone);
  const day = (offset: number) => formatLocalDate(addDays(today, offset));

  // overdue: a six-monthly service last done seven months ago
  const van2 = vehicles.get("Van 2");
  if (van2 && !(await db().serviceReminder.findFirst({ where: { accountId, assetId: van2, taskKey: DEMO_SERVICE_TASK.toLowerCase() } }))) {
    await saveServiceReminder({
      accountId,
      reminderId: null,
      now,
      body: { asset_id: van2, task: DEMO_SERVICE_TASK, time: { every: 6, unit: "month", due_soon: 2, due_soon_unit: "week" }, start: { on: day(-213) } },
    });
  }
  // due soon: the minibus's insurance, and a driver's licence
  const minibus = vehicles.get("Minibus");
  if (minibus && !(await db().renewalReminder.findFirst({ where: { accountId, assetId: minibus, kind: "insurance" } }))) {
    await saveRenewalReminder({ accountId, renewalId: null, now, body: { asset_id: minibus, kind: "insurance", expires_on: day(12), remind_days_before: 30 } });
  }
  const ona = drivers.get("Ona Kazlauskienė");
  if (ona && !(await db().renewalReminder.findFirst({ where: { accountId, driverId: ona, kind: "licence" } }))) {
    await saveRenewalReminder({ accountId, renewalId: null, now, body: { driver_id: ona, kind: "licence", expires_on: day(25), remind_days_before: 30 } });
  }

  const van1 = vehicles.get("Van 1");
  if (van1 && (await db().fuelEntry.count({ where: { accountId, assetId: van1 } })) === 0) {
    for (const fill of FILL_UPS) {
      await createFuelEntry({
        accountId,
        now,
        body: {
          asset_id: van1,
          filled_at: new Date(now - fill.daysAgo * DAY_MS).toISOString(),
          odometer_km: fill.odometerKm,
          volume_l: fill.litres,
          price_per_unit: 1.569,
          vendor: "Circle K Žirmūnai",
          fuel_type: "diesel",
        },
      });
    }
  }

  if (!(await db().reportSchedule.findFirst({ where: { accountId, name: DEMO_REPORT_SCHEDULE } }))) {
    await createReportSchedule({
      accountId,
      createdBy: "demo seed",
      body: {
        name: DEMO_REPORT_SCHEDULE,
        type: "mileage",
        asset_ids: "all",
        frequency: "weekly",
        weekday: 1,
        time: "07:00",
        format: "pdf",
        period: "week",
        recipients: [DEMO_DISPATCH_EMAIL],
      },
    });
  }
}
