// Drivers of school routes: the inputs of the dashboard's use cases and the DriverDto they answer with. The phone
// is read like an import's and the e-mail lowercased (contact-fields.ts), because imports find a route's
// driver by name, e-mail or phone (import-context.ts).
import { z } from "zod";
import { AppError } from "../../errors";
import { ZContactEmail, ZContactPhone } from "../contact-fields";

const ZId = z.number().int().positive();

export const ZDriverName = z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters");

export const ZCreateDriver = z.object({
  accountId: ZId,
  name: ZDriverName,
  email: ZContactEmail.optional(),
  phone: ZContactPhone.optional(),
});
export type CreateDriverInput = z.input<typeof ZCreateDriver>;

/** undefined fields stay as they are; null or "" clears e-mail and phone */
export const ZUpdateDriver = z.object({
  accountId: ZId,
  driverId: ZId,
  name: ZDriverName.optional(),
  email: ZContactEmail.optional(),
  phone: ZContactPhone.optional(),
});
export type UpdateDriverInput = z.input<typeof ZUpdateDriver>;

export const ZDriverRef = z.object({ accountId: ZId, driverId: ZId });

/** another account's driver is not found either: ids never tell that they exist elsewhere */
export function driverNotFound(driverId: number): AppError {
  return new AppError("DRIVER_NOT_FOUND", `driver ${driverId} not found`);
}

export const ZListDrivers = z.object({
  accountId: ZId,
  cursor: z.string().nullish(),
  limit: z.number().int().min(1).max(500).default(100),
});
export type ListDriversInput = z.input<typeof ZListDrivers>;

export interface DriverDto {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** routes that have this driver by default (deleting the driver leaves them without one) */
  route_count: number;
  created_at: string;
  updated_at: string;
}

export const driverSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { routes: true } },
} as const;

interface DriverRow {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  updatedAt: Date;
  _count: { routes: number };
}

export function toDriverDto(row: DriverRow): DriverDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    route_count: row._count.routes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
