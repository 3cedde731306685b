// Reading an asset's authorised-driver records and turning them into the API's shapes. Shared by the use cases of
// this folder; nothing here writes.
import { db, type Db } from "../../db/client";
import { AppError } from "../../errors";
import type { AuthorisedDriverSyncState } from "../../generated/prisma/client";
import { IBUTTON_LIST_SIZE } from "./fmb-parameters";
import { type DeviceSlots, deviceKeys, isInSync, pendingChanges } from "./slot-plan";
import type { AuthorisedDriverDto, AuthorisedDriverListDto, SyncErrorCode, SyncStatusDto } from "./authorised-drivers.schema";

export const syncSelect = {
  assetId: true,
  accountId: true,
  state: true,
  immobiliser: true,
  revision: true,
  deviceSlots: true,
  deviceImmobiliser: true,
  deviceConfirmedAt: true,
  syncedAt: true,
  sessionNode: true,
  attempts: true,
  lastAttemptAt: true,
  nextAttemptAt: true,
  lastErrorCode: true,
  lastError: true,
  updatedAt: true,
} as const;

export interface SyncRow {
  assetId: number;
  accountId: number;
  state: AuthorisedDriverSyncState;
  immobiliser: boolean;
  revision: number;
  deviceSlots: unknown;
  deviceImmobiliser: boolean | null;
  deviceConfirmedAt: Date | null;
  syncedAt: Date | null;
  sessionNode: string | null;
  attempts: number;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  lastErrorCode: string | null;
  lastError: string | null;
  updatedAt: Date;
}

export interface WantedDriver {
  keyId: string;
  name: string | null;
  driverId: number | null;
}

/** the asset, when it belongs to the account; ASSET_NOT_FOUND otherwise (another account's asset looks missing) */
export async function requireAsset(accountId: number, assetId: number, prisma: Db = db()): Promise<{ id: number }> {
  const asset = await prisma.asset.findFirst({ where: { id: assetId, accountId }, select: { id: true } });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${assetId} not found`);
  return asset;
}

export async function readWanted(assetId: number, prisma: Pick<Db, "authorisedDriver"> = db()): Promise<WantedDriver[]> {
  return prisma.authorisedDriver.findMany({
    where: { assetId },
    orderBy: { position: "asc" },
    select: { keyId: true, name: true, driverId: true },
  });
}

export async function readSync(assetId: number, prisma: Db = db()): Promise<SyncRow | null> {
  return prisma.authorisedDriverSync.findUnique({ where: { assetId }, select: syncSelect });
}

/** the JSON column as slots; anything unexpected counts as "never read" */
export function slotsOf(value: unknown): DeviceSlots | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const slots: DeviceSlots = {};
  for (const [slot, key] of Object.entries(value)) if (typeof key === "string") slots[slot] = key;
  return slots;
}

export function inSync(wanted: readonly WantedDriver[], sync: Pick<SyncRow, "immobiliser" | "deviceSlots" | "deviceImmobiliser">): boolean {
  return isInSync({
    wanted: wanted.map((driver) => driver.keyId),
    immobiliser: sync.immobiliser,
    device: slotsOf(sync.deviceSlots),
    deviceImmobiliser: sync.deviceImmobiliser,
  });
}

const toDriverDto = (driver: WantedDriver): AuthorisedDriverDto => ({
  key_id: driver.keyId,
  name: driver.name,
  driver_id: driver.driverId,
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** an asset with no record yet: nothing wanted, nothing to push */
function stateOf(sync: SyncRow | null): AuthorisedDriverSyncState {
  return sync?.state ?? "synced";
}

export function toListDto(assetId: number, wanted: readonly WantedDriver[], sync: SyncRow | null): AuthorisedDriverListDto {
  return {
    asset_id: assetId,
    drivers: wanted.map(toDriverDto),
    immobiliser: { enabled: sync?.immobiliser ?? false },
    max_drivers: IBUTTON_LIST_SIZE,
    sync_state: stateOf(sync),
    updated_at: iso(sync?.updatedAt ?? null),
  };
}

export function toStatusDto(assetId: number, wanted: readonly WantedDriver[], sync: SyncRow | null): SyncStatusDto {
  const device = slotsOf(sync?.deviceSlots);
  const names = new Map(wanted.map((driver) => [driver.keyId, driver]));
  const pending = sync
    ? pendingChanges({
        wanted: wanted.map((driver) => driver.keyId),
        immobiliser: sync.immobiliser,
        device,
        deviceImmobiliser: sync.deviceImmobiliser,
      })
    : { add: [], remove: [], immobiliser: null };
  return {
    asset_id: assetId,
    state: stateOf(sync),
    enforced: {
      drivers: device
        ? deviceKeys(device).map((keyId) => toDriverDto(names.get(keyId) ?? { keyId, name: null, driverId: null }))
        : null,
      immobiliser: sync?.deviceImmobiliser ?? null,
      confirmed_at: iso(sync?.deviceConfirmedAt ?? null),
    },
    pending: stateOf(sync) === "synced" ? { add: [], remove: [], immobiliser: null } : pending,
    device_connected: sync?.sessionNode != null,
    attempts: sync?.attempts ?? 0,
    last_attempt_at: iso(sync?.lastAttemptAt ?? null),
    // while an attempt runs, the column holds its lease, not a retry
    next_attempt_at: sync?.state === "out_of_sync" ? iso(sync.nextAttemptAt) : null,
    last_error:
      sync?.lastErrorCode && sync.lastError ? { code: sync.lastErrorCode as SyncErrorCode, message: sync.lastError } : null,
    synced_at: iso(sync?.syncedAt ?? null),
  };
}
