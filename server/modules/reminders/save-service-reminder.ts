// Creates or replaces a service reminder (a whole replacement: intervals left out are removed). Counting starts at
// `start` (default: today in the account's time zone and the vehicle's latest readings) until a service is logged.
// One reminder per asset and task (409 REMINDER_TASK_TAKEN); within the account's quota. A group-limited member's
// `scope` hides the reminders of assets outside their groups (not found) and refuses such an asset in the body (404).
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { takeAccountQuota } from "../accounts/account-quotas";
import { isUniqueViolation, parseInput } from "../parse-input";
import { readAssetMeters } from "./read-asset-meters";
import { localToday } from "./reminder-arithmetic";
import { checkAsset, checkWatchers } from "./reminder-refs";
import { localToDateColumn, parseDateText, reminderNotFound, type ServiceReminderDto, taskTaken, ZServiceReminderBody } from "./reminders.schema";
import { accountTimeZone, evaluateAndStore, reminderSelect } from "./service-reminder-view";

export async function saveServiceReminder(input: {
  accountId: number;
  /** null: create */
  reminderId: number | null;
  body: unknown;
  scope?: AssetScope;
  now?: number;
}): Promise<ServiceReminderDto> {
  const body = parseInput(ZServiceReminderBody, input.body);
  const now = input.now ?? Date.now();
  const scope = input.scope ?? wholeFleet(input.accountId);
  const timeZone = await accountTimeZone(input.accountId);
  await checkAsset(db(), input.accountId, body.asset_id, scope);
  const watcherIds = await checkWatchers(db(), input.accountId, body.watcher_ids);
  const needsMeters = body.start?.odometer_km === undefined || body.start?.engine_hours === undefined;
  const meters = needsMeters ? (await readAssetMeters([body.asset_id], now)).get(body.asset_id) : undefined;
  const data = {
    assetId: body.asset_id,
    task: body.task,
    taskKey: body.task.toLowerCase(),
    intervalKm: body.distance?.every_km ?? null,
    dueSoonKm: body.distance ? (body.distance.due_soon_km ?? null) : null,
    intervalHours: body.engine_hours?.every_hours ?? null,
    dueSoonHours: body.engine_hours ? (body.engine_hours.due_soon_hours ?? null) : null,
    intervalTimeValue: body.time?.every ?? null,
    intervalTimeUnit: body.time?.unit ?? null,
    dueSoonTimeValue: body.time ? (body.time.due_soon ?? null) : null,
    dueSoonTimeUnit: body.time ? (body.time.due_soon_unit ?? body.time.unit) : null,
    startOn: localToDateColumn(body.start?.on ? parseDateText(body.start.on) : localToday(now, timeZone)),
    startOdometerKm: body.start?.odometer_km !== undefined ? body.start.odometer_km : (meters?.odometerKm ?? null),
    startEngineHours: body.start?.engine_hours !== undefined ? body.start.engine_hours : (meters?.engineHours ?? null),
    snoozedUntil: body.snoozed_until ? localToDateColumn(parseDateText(body.snoozed_until)) : null,
    watcherIds,
  };
  try {
    const row = await db().$transaction(async (tx) => {
      if (input.reminderId === null) {
        await takeAccountQuota(tx, input.accountId, "service_reminders");
        return tx.serviceReminder.create({ data: { ...data, accountId: input.accountId }, select: reminderSelect });
      }
      const found = await tx.serviceReminder.findFirst({ where: { id: input.reminderId, accountId: input.accountId, ...scopedAssetRelation(scope) }, select: { id: true, assetId: true } });
      if (!found) throw reminderNotFound(input.reminderId);
      // moved to another asset: the services logged on the old one no longer complete it
      if (found.assetId !== data.assetId) await tx.serviceEntryReminder.deleteMany({ where: { reminderId: found.id } });
      return tx.serviceReminder.update({ where: { id: found.id }, data, select: reminderSelect });
    });
    const [evaluated] = await evaluateAndStore([row], { now, timeZone });
    return evaluated!.dto;
  } catch (error) {
    if (isUniqueViolation(error)) throw taskTaken(body.task);
    throw error;
  }
}
