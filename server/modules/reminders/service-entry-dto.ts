// A service entry row as the API shows it.
import type { Prisma } from "../../generated/prisma/client";
import { dateText, type ServiceEntryDto } from "./reminders.schema";

export const entrySelect = {
  id: true,
  assetId: true,
  servicedOn: true,
  odometerKm: true,
  engineHours: true,
  cost: true,
  notes: true,
  createdAt: true,
  updatedAt: true,
  reminders: { select: { reminderId: true }, orderBy: { reminderId: "asc" } },
} as const satisfies Prisma.ServiceEntrySelect;

export function toServiceEntryDto(row: Prisma.ServiceEntryGetPayload<{ select: typeof entrySelect }>): ServiceEntryDto {
  return {
    id: row.id,
    asset_id: row.assetId,
    serviced_on: dateText(row.servicedOn)!,
    odometer_km: row.odometerKm,
    engine_hours: row.engineHours,
    cost: row.cost === null ? null : Number(row.cost),
    notes: row.notes,
    reminder_ids: row.reminders.map((r) => r.reminderId),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
