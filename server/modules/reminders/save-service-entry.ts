// Logs (or replaces) a service entry: a service done on an asset on a date, with the odometer and engine hours then,
// its cost and notes, and the service reminders of that asset it completes. Each completed reminder counts its
// intervals from the newest service completing it, so logging one resets it (and deleting it undoes the reset).
// Readings left out are the vehicle's latest known ones; a reminder counting distance (or engine hours) needs one:
// without any, 422 on odometer_km (engine_hours). A reset clears the reminder's snooze and its notified state, so
// the next due-soon notifies again. A group-limited member's `scope` hides the entries of assets outside their groups
// (not found) and refuses such an asset in the body (404); the reminders it completes are the asset's own.
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import { takeAccountQuota } from "../accounts/account-quotas";
import { parseInput } from "../parse-input";
import { readAssetMeters } from "./read-asset-meters";
import { checkAsset } from "./reminder-refs";
import { entryNotFound, fieldError, localToDateColumn, parseDateText, type ServiceEntryDto, ZServiceEntryBody } from "./reminders.schema";
import { entrySelect, toServiceEntryDto } from "./service-entry-dto";
import { accountTimeZone, evaluateAndStore, reminderSelect } from "./service-reminder-view";

export async function saveServiceEntry(input: { accountId: number; entryId: number | null; body: unknown; scope?: AssetScope; now?: number }): Promise<ServiceEntryDto> {
  const body = parseInput(ZServiceEntryBody, input.body);
  const now = input.now ?? Date.now();
  const scope = input.scope ?? wholeFleet(input.accountId);
  await checkAsset(db(), input.accountId, body.asset_id, scope);
  const reminderIds = [...new Set(body.reminder_ids ?? [])];
  const reminders = await db().serviceReminder.findMany({
    where: { id: { in: reminderIds }, accountId: input.accountId, assetId: body.asset_id },
    select: { id: true, intervalKm: true, intervalHours: true },
  });
  const unknown = reminderIds.filter((id) => !reminders.some((r) => r.id === id));
  if (unknown.length > 0) throw fieldError("reminder_ids", `not service reminders of this asset: ${unknown.slice(0, 20).join(", ")}`);
  const meters = body.odometer_km === undefined || body.engine_hours === undefined ? (await readAssetMeters([body.asset_id], now)).get(body.asset_id) : undefined;
  const odometerKm = body.odometer_km !== undefined ? body.odometer_km : (meters?.odometerKm ?? null);
  const engineHours = body.engine_hours !== undefined ? body.engine_hours : (meters?.engineHours ?? null);
  if (odometerKm === null && reminders.some((r) => r.intervalKm !== null)) {
    throw fieldError("odometer_km", "is required: a reminder it completes counts distance and the vehicle has no odometer reading");
  }
  if (engineHours === null && reminders.some((r) => r.intervalHours !== null)) {
    throw fieldError("engine_hours", "is required: a reminder it completes counts engine hours and the vehicle reports none");
  }
  const data = {
    assetId: body.asset_id,
    servicedOn: localToDateColumn(parseDateText(body.serviced_on)),
    odometerKm,
    engineHours,
    cost: body.cost ?? null,
    notes: body.notes ?? null,
  };
  const { entry, touched } = await db().$transaction(async (tx) => {
    let before: number[] = [];
    let entryId: number;
    if (input.entryId === null) {
      await takeAccountQuota(tx, input.accountId, "service_entries");
      entryId = (await tx.serviceEntry.create({ data: { ...data, accountId: input.accountId }, select: { id: true } })).id;
    } else {
      const found = await tx.serviceEntry.findFirst({ where: { id: input.entryId, accountId: input.accountId, ...scopedAssetRelation(scope) }, select: { id: true, reminders: { select: { reminderId: true } } } });
      if (!found) throw entryNotFound(input.entryId);
      before = found.reminders.map((r) => r.reminderId);
      entryId = found.id;
      await tx.serviceEntry.update({ where: { id: entryId }, data });
      await tx.serviceEntryReminder.deleteMany({ where: { entryId } });
    }
    if (reminderIds.length > 0) {
      await tx.serviceEntryReminder.createMany({ data: reminderIds.map((reminderId) => ({ entryId, reminderId })) });
      await tx.serviceReminder.updateMany({ where: { id: { in: reminderIds } }, data: { snoozedUntil: null, notifiedState: "ok" } });
    }
    const entry = await tx.serviceEntry.findUniqueOrThrow({ where: { id: entryId }, select: entrySelect });
    return { entry, touched: [...new Set([...before, ...reminderIds])] };
  });
  if (touched.length > 0) {
    const rows = await db().serviceReminder.findMany({ where: { id: { in: touched } }, select: reminderSelect });
    await evaluateAndStore(rows, { now, timeZone: await accountTimeZone(input.accountId) });
  }
  return toServiceEntryDto(entry);
}
