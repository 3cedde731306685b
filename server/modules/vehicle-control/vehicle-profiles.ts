// Vehicle profiles: what a control adapter can do on a brand/model/variant. Platform-wide data (the same car
// supports the same actions in every account), so only platform admins change it. A vehicle matches the row of its
// exact variant, else its model's default row (empty variant); names compare case-insensitively.
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { parseInput } from "../parse-input";

export interface VehicleProfileRow {
  id: number;
  brand: string;
  model: string;
  variant: string;
  lock: boolean;
  unlock: boolean;
  trunk: boolean;
  immobilise: boolean;
  turnSignals: boolean;
  horn: boolean;
  comfortClosure: boolean;
}

const profileSelect = {
  id: true,
  brand: true,
  model: true,
  variant: true,
  lock: true,
  unlock: true,
  trunk: true,
  immobilise: true,
  turnSignals: true,
  horn: true,
  comfortClosure: true,
} as const;

export async function findVehicleProfile(vehicle: {
  brand: string | null;
  model: string | null;
  variant: string | null;
}): Promise<VehicleProfileRow | null> {
  const brand = vehicle.brand?.trim();
  const model = vehicle.model?.trim();
  if (!brand || !model) return null;
  const rows = await db().vehicleProfile.findMany({
    where: { brand: { equals: brand, mode: "insensitive" }, model: { equals: model, mode: "insensitive" } },
    select: profileSelect,
  });
  const variant = (vehicle.variant ?? "").trim().toLowerCase();
  return rows.find((row) => row.variant.toLowerCase() === variant) ?? rows.find((row) => row.variant === "") ?? null;
}

export async function listVehicleProfiles(): Promise<VehicleProfileRow[]> {
  return db().vehicleProfile.findMany({ select: profileSelect, orderBy: [{ brand: "asc" }, { model: "asc" }, { variant: "asc" }] });
}

const ZName = z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters");

export const ZVehicleProfileInput = z.object({
  brand: ZName,
  model: ZName,
  variant: z.string().trim().max(64, "must be at most 64 characters").default(""),
  lock: z.boolean().default(false),
  unlock: z.boolean().default(false),
  trunk: z.boolean().default(false),
  immobilise: z.boolean().default(false),
  turnSignals: z.boolean().default(false),
  horn: z.boolean().default(false),
  comfortClosure: z.boolean().default(false),
});
export type VehicleProfileInput = z.input<typeof ZVehicleProfileInput>;

/** creates the profile of brand/model/variant or replaces its capabilities */
export async function saveVehicleProfile(input: VehicleProfileInput): Promise<VehicleProfileRow> {
  const { brand, model, variant, ...capabilities } = parseInput(ZVehicleProfileInput, input);
  const existing = await db().vehicleProfile.findFirst({
    where: {
      brand: { equals: brand, mode: "insensitive" },
      model: { equals: model, mode: "insensitive" },
      variant: { equals: variant, mode: "insensitive" },
    },
    select: { id: true },
  });
  if (existing) {
    return db().vehicleProfile.update({ where: { id: existing.id }, data: capabilities, select: profileSelect });
  }
  return db().vehicleProfile.create({ data: { brand, model, variant, ...capabilities }, select: profileSelect });
}

/** removes a profile; vehicles of that brand/model/variant fall back to their model's default row, else to none */
export async function deleteVehicleProfile(id: number): Promise<void> {
  const { count } = await db().vehicleProfile.deleteMany({ where: { id } });
  if (count === 0) throw new AppError("NOT_FOUND", "That vehicle profile does not exist.");
}
