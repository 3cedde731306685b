// Request and response shapes of the authorised-drivers endpoints (docs/vehicle-control.md "Authorised drivers"). The
// spec leaves them open; the envelope is the vehicle-control one, `{status: "success", data: {...}}`.
import { z } from "zod";
import { IBUTTON_LIST_SIZE, isKeyId, normaliseKeyId } from "./fmb-parameters";

export const MAX_DRIVER_NAME_LENGTH = 120;

export const ZKeyId = z
  .string({ error: "must be a string of 16 hex digits" })
  .transform(normaliseKeyId)
  .refine(isKeyId, "must be 16 hex digits (the iButton key id as the tracker reports it), not all zero")
  .meta({ description: "iButton key id: 16 hex digits as the tracker reports it (AVL IO 78); case-insensitive.", example: "01A2B3C4D5E6F708" });

export const ZAuthorisedDriverInput = z
  .object({
    key_id: ZKeyId,
    name: z
      .string()
      .trim()
      .max(MAX_DRIVER_NAME_LENGTH, `must be at most ${MAX_DRIVER_NAME_LENGTH} characters`)
      .nullish()
      .transform((value) => (value ? value : null))
      .meta({ description: "A label for the key (e.g. the driver's name)." }),
    driver_id: z
      .number({ error: "must be the id of a driver of this account" })
      .int("must be the id of a driver of this account")
      .positive("must be the id of a driver of this account")
      .nullish()
      .transform((value) => value ?? null)
      .meta({ description: "An existing driver of the account whose key this is." }),
  })
  .strict();

export const ZReplaceAuthorisedDrivers = z
  .object({
    drivers: z
      .array(ZAuthorisedDriverInput, { error: "must be an array of drivers" })
      .max(IBUTTON_LIST_SIZE, `at most ${IBUTTON_LIST_SIZE} drivers: the size of the tracker's iButton list`)
      .meta({ description: `The whole list (replaces the current one); at most ${IBUTTON_LIST_SIZE}; empty clears it.` }),
  })
  .strict()
  .meta({ id: "AuthorisedDriversReplace" });
export type ReplaceAuthorisedDriversInput = z.output<typeof ZReplaceAuthorisedDrivers>;

export const ZImmobiliserSetting = z
  .object({
    enabled: z.boolean({ error: "must be true or false" }).meta({
      description: "true: the vehicle starts only after a key on the list is presented; false: the scenario is off.",
    }),
  })
  .strict()
  .meta({ id: "AuthorisedDriversImmobiliserSetting" });

export const SYNC_STATES = ["synced", "syncing", "out_of_sync"] as const;
export type SyncStateName = (typeof SYNC_STATES)[number];

/** why the last attempt did not end synced */
export const SYNC_ERROR_CODES = ["device_offline", "device_timeout", "device_error", "verification_failed"] as const;
export type SyncErrorCode = (typeof SYNC_ERROR_CODES)[number];

export const ZAuthorisedDriverDto = z
  .object({
    key_id: z.string(),
    name: z.string().nullable(),
    driver_id: z.number().int().nullable(),
  })
  .meta({ id: "AuthorisedDriver" });
export type AuthorisedDriverDto = z.infer<typeof ZAuthorisedDriverDto>;

export const ZAuthorisedDriverList = z
  .object({
    asset_id: z.number().int(),
    drivers: z.array(ZAuthorisedDriverDto).meta({ description: "The current (wanted) list, in the order given." }),
    immobiliser: z.object({ enabled: z.boolean() }).meta({ description: "The wanted immobiliser setting." }),
    max_drivers: z.number().int().meta({ description: "The size of the tracker's iButton list." }),
    sync_state: z.enum(SYNC_STATES).meta({ description: "Details at .../authorised-drivers/sync-status." }),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "AuthorisedDriverList" });
export type AuthorisedDriverListDto = z.infer<typeof ZAuthorisedDriverList>;

export const ZSyncStatus = z
  .object({
    asset_id: z.number().int(),
    state: z.enum(SYNC_STATES),
    enforced: z
      .object({
        drivers: z
          .array(ZAuthorisedDriverDto)
          .nullable()
          .meta({ description: "The keys the device holds as last confirmed; null: the device's list was never read." }),
        immobiliser: z.boolean().nullable().meta({ description: "The device's setting as last confirmed; null: never read." }),
        confirmed_at: z.string().nullable(),
      })
      .meta({ description: "What the vehicle enforces now: while out_of_sync this is its previous list." }),
    pending: z
      .object({
        add: z.array(z.string()).meta({ description: "Key ids still to be written." }),
        remove: z.array(z.string()).meta({ description: "Key ids still to be removed." }),
        immobiliser: z.boolean().nullable().meta({ description: "The setting still to be written; null: nothing pending." }),
      })
      .meta({ description: "The difference still queued to the device." }),
    device_connected: z.boolean().meta({ description: "Whether a server node holds the tracker's session." }),
    attempts: z.number().int().meta({ description: "Failed attempts since the last change or success." }),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable().meta({ description: "The next automatic retry while out_of_sync; null: none planned." }),
    last_error: z
      .object({ code: z.enum(SYNC_ERROR_CODES), message: z.string() })
      .nullable()
      .meta({ description: "Why the last attempt did not end synced; null after a success." }),
    synced_at: z.string().nullable(),
  })
  .meta({ id: "AuthorisedDriverSyncStatus" });
export type SyncStatusDto = z.infer<typeof ZSyncStatus>;

/** the vehicle-control envelope of the spec */
export function success<T>(data: T): { status: "success"; data: T } {
  return { status: "success", data };
}
export const successEnvelope = <T extends z.ZodType>(schema: T) => z.object({ status: z.literal("success"), data: schema });
