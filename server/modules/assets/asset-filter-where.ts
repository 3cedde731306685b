// The asset list's filters as one Prisma where clause (every filter given must match). Status follows what the
// list shows in last_position.status (positions/vehicle-status.ts): offline when the newest fix is older than 30
// minutes or there is none yet; otherwise moving at 3 km/h or more, idle when stopped with the ignition on, parked
// when stopped with it off or unknown. Speed and ignition are read from the stored live payload, so the filter and
// the status shown cannot disagree.
// Reminder status is the most urgent status of the asset's service and renewal reminders as last evaluated
// (overdue, then due_soon, then snoozed, then ok); an asset without reminders matches none of them.
import type { Prisma } from "../../generated/prisma/client";
import { groupTagWhere } from "../asset-scope/group-asset-filter";
import { STATUS_THRESHOLDS } from "../positions/vehicle-status";
import type { AssetReminderStatusFilter, AssetStatusFilter, TrackerProtocol } from "./assets.schema";

export interface AssetFilters {
  groupId?: number;
  tagId?: number;
  protocol?: TrackerProtocol;
  status?: AssetStatusFilter[];
  q?: string;
  reminderStatus?: AssetReminderStatusFilter[];
}

const URGENCY = ["overdue", "due_soon", "snoozed", "ok"] as const;

function reminderStatusWhere(status: AssetReminderStatusFilter): Prisma.AssetWhereInput {
  const more = URGENCY.slice(0, URGENCY.indexOf(status));
  const some = { OR: [{ serviceReminders: { some: { status } } }, { renewalReminders: { some: { status } } }] };
  if (more.length === 0) return some;
  const none = [{ serviceReminders: { none: { status: { in: [...more] } } } }, { renewalReminders: { none: { status: { in: [...more] } } } }];
  return { AND: [some, ...none] };
}

function statusWhere(status: AssetStatusFilter, now: Date): Prisma.AssetWhereInput {
  const cutoff = new Date(now.getTime() - STATUS_THRESHOLDS.offlineAfterMs);
  const fresh = { fixTime: { gte: cutoff } };
  const moving = { payload: { path: ["speed"], gte: STATUS_THRESHOLDS.movingSpeedKmh } };
  const stopped = { payload: { path: ["speed"], lt: STATUS_THRESHOLDS.movingSpeedKmh } };
  const ignitionOn = { payload: { path: ["ignition"], equals: true } };
  switch (status) {
    case "offline":
      return { OR: [{ state: { is: null } }, { state: { is: { fixTime: { lt: cutoff } } } }] };
    case "online":
      return { state: { is: fresh } };
    case "moving":
      return { state: { is: { AND: [fresh, moving] } } };
    case "idle":
      return { state: { is: { AND: [fresh, stopped, ignitionOn] } } };
    case "parked":
      return { state: { is: { AND: [fresh, stopped], NOT: ignitionOn } } };
  }
}

export async function assetFilterWhere(accountId: number, filters: AssetFilters, now: Date): Promise<Prisma.AssetWhereInput[]> {
  const where = await groupTagWhere(accountId, filters);
  if (filters.protocol !== undefined) where.push({ tracker: { is: { protocol: filters.protocol } } });
  if (filters.status?.length) where.push({ OR: [...new Set(filters.status)].map((status) => statusWhere(status, now)) });
  if (filters.reminderStatus?.length) where.push({ OR: [...new Set(filters.reminderStatus)].map(reminderStatusWhere) });
  if (filters.q) {
    // Prisma hands `contains` to LIKE as it is: % and _ would match anything, so they are escaped to stay text
    const text = { contains: filters.q.replace(/[\\%_]/g, (c) => `\\${c}`), mode: "insensitive" as const };
    where.push({ OR: [{ name: text }, { plate: text }, { vin: text }, { tracker: { is: { imei: text } } }] });
  }
  return where;
}
