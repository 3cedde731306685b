// Every service and renewal reminder of an account (optionally one asset's, or some statuses), evaluated now and
// sorted by urgency for the dashboard: overdue first (most overdue first), then due soon by nearest date, then ok by
// nearest date, then snoozed. Bounded by the quotas (10,000 of each), read in pages of 500. A group-limited member's
// `scope` keeps the reminders of their assets and every driver's renewals (renewal-scope.ts).
import { db } from "../../db/client";
import { type AssetScope, scopedAssetRelation, wholeFleet } from "../asset-scope/asset-scope";
import type { ReminderStatus } from "./reminder-arithmetic";
import { urgencyRank } from "./reminder-arithmetic";
import type { RenewalReminderDto, ServiceReminderDto } from "./reminders.schema";
import { evaluateRenewals, renewalSelect } from "./renewal-reminder-view";
import { scopedRenewalWhere } from "./renewal-scope";
import { accountTimeZone, evaluateReminders, reminderSelect } from "./service-reminder-view";

export type ReminderItem =
  | { type: "service"; key: string; status: ReminderStatus; dueOn: string | null; assetName: string; reminder: ServiceReminderDto }
  | { type: "renewal"; key: string; status: ReminderStatus; dueOn: string | null; assetName: string; reminder: RenewalReminderDto };

export async function listRemindersByUrgency(input: { accountId: number; assetId?: number; statuses?: ReminderStatus[]; scope?: AssetScope; now?: number }): Promise<ReminderItem[]> {
  const now = input.now ?? Date.now();
  const scope = input.scope ?? wholeFleet(input.accountId);
  const timeZone = await accountTimeZone(input.accountId);
  const where = { accountId: input.accountId, ...(input.assetId ? { assetId: input.assetId } : {}) };
  const services = await db().serviceReminder.findMany({ where: { ...where, ...scopedAssetRelation(scope) }, select: { ...reminderSelect, asset: { select: { name: true } } }, orderBy: { id: "asc" }, take: 10_000 });
  const renewals = await db().renewalReminder.findMany({
    where: { ...where, ...scopedRenewalWhere(scope) },
    select: { ...renewalSelect, asset: { select: { name: true } }, driver: { select: { name: true } } },
    orderBy: { id: "asc" },
    take: 10_000,
  });
  const items: ReminderItem[] = [];
  for (const { row, dto } of await evaluateReminders(services, { now, timeZone })) {
    const name = services.find((s) => s.id === row.id)!.asset.name;
    const dueOn = dto.status === "overdue" ? (dto.due.time?.due_on ?? null) : dto.forecast_on;
    items.push({ type: "service", key: `service-${dto.id}`, status: dto.status, dueOn, assetName: name, reminder: dto });
  }
  for (const { row, dto } of evaluateRenewals(renewals, { now, timeZone })) {
    const full = renewals.find((r) => r.id === row.id)!;
    items.push({ type: "renewal", key: `renewal-${dto.id}`, status: dto.status, dueOn: dto.expires_on, assetName: full.asset?.name ?? full.driver?.name ?? "", reminder: dto });
  }
  const wanted = input.statuses ? new Set(input.statuses) : null;
  return items
    .filter((item) => !wanted || wanted.has(item.status))
    .sort((a, b) => urgencyRank(a.status) - urgencyRank(b.status) || (a.dueOn ?? "9999").localeCompare(b.dueOn ?? "9999") || a.key.localeCompare(b.key));
}
