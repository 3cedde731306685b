// Asset inputs, the AssetDto every transport answers with (REST, tRPC, CLI), and the opaque list cursor.
import { ZListPage, ZPageInput, ZPageQuery } from "../paging";
import { z } from "zod";
import type { LivePosition } from "../positions/live-position";
import { detailedStatus } from "../positions/vehicle-status";
import { optionalText } from "../parse-input";
import { ADAPTER_KINDS, isAdapterKind } from "./adapter-kinds";
import { isValidImei } from "./imei";
import { DEVICE_ID_RULE, isValidDeviceId, WEAK_DEVICE_ID_RULE } from "./device-id";

/**
 * Tracker protocols a tracker can be saved with: the names in server/tracker/protocols/registry.ts (a registry test
 * checks that the two lists agree). teltonika and gt06 devices log in with their IMEI, osmand phones (Traccar Client,
 * OsmAnd) send a device identifier, which the server generates unless the operator opts in to a typed one
 * (docs/osmand.md "The device id is a credential").
 */
export const TRACKER_PROTOCOLS = ["teltonika", "gt06", "osmand"] as const;
export type TrackerProtocol = (typeof TRACKER_PROTOCOLS)[number];

const ZId = z.number().int().positive();

const IMEI_CHECK_DIGIT = "is not a valid IMEI: its last digit is not the check digit of the other 14 (a typing mistake?)";

/**
 * 15 digits whose last one is the Luhn check digit: the tracker ports refuse any other login (docs/ingest.md "Tracker
 * ports under attack"), so a tracker saved with a mistyped IMEI could never report; it is refused here instead.
 */
export const ZImei = z
  .string()
  .trim()
  .regex(/^\d{15}$/, { message: "must be 15 digits", abort: true })
  .refine(isValidImei, IMEI_CHECK_DIGIT);

/**
 * The tracker identifier field (`imei` in every shape) before its protocol's rule is known: the rule depends on the
 * protocol beside it, or on the tracker's saved protocol when an update leaves the protocol out, so
 * `trackerIdentifierProblem` checks it once both are known.
 */
export const ZTrackerIdentifier = z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters");

/** why `id` cannot identify a tracker speaking `protocol`, or null when it can */
export function trackerIdentifierProblem(protocol: string, id: string): string | null {
  if (protocol === "osmand") {
    return isValidDeviceId(id) ? null : `must be ${DEVICE_ID_RULE} (the device identifier set in the phone app)`;
  }
  // teltonika and gt06 log in with the IMEI: a mistyped one could never report
  if (!/^\d{15}$/.test(id)) return "must be 15 digits";
  return isValidImei(id) ? null : IMEI_CHECK_DIGIT;
}

export const ZProtocol = z.enum(TRACKER_PROTOCOLS, { error: `must be one of: ${TRACKER_PROTOCOLS.join(", ")}` });
export const ZAdapter = z.enum(ADAPTER_KINDS, { error: `must be one of: ${ADAPTER_KINDS.join(", ")}` });

const ZAssetName = z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters");
const ZPlate = optionalText(z.string().max(32, "must be at most 32 characters"));
/** ISO 3779: 17 letters and digits, never I, O or Q (they read as 1 and 0); stored uppercase */
const ZVin = optionalText(z.string().max(32, "must be 17 characters"))
  .transform((vin) => vin?.toUpperCase() ?? null)
  .refine((vin) => vin === null || /^[A-HJ-NPR-Z0-9]{17}$/.test(vin), "must be 17 letters and digits, without I, O or Q");
const ZBrandModel = optionalText(z.string().max(64, "must be at most 64 characters"));

export const ZCreateAsset = z
  .object({
    accountId: ZId,
    name: ZAssetName,
    plate: ZPlate.optional(),
    vin: ZVin.optional(),
    brand: ZBrandModel.optional(),
    model: ZBrandModel.optional(),
    variant: ZBrandModel.optional(),
    /**
     * the tracker's identifier: the IMEI (teltonika, gt06) or the phone app's device identifier (osmand). For osmand,
     * absent means "generate a strong one"; a typed one needs allowWeakDeviceId.
     */
    imei: ZTrackerIdentifier.nullish(),
    protocol: ZProtocol.default("teltonika"),
    adapter: ZAdapter.nullish(),
    /** the operator accepts a typed (guessable) device id for this phone tracker */
    allowWeakDeviceId: z.boolean({ error: "must be true or false" }).default(false),
  })
  .refine((v) => !v.adapter || v.imei, { path: ["adapter"], message: "needs a tracker: give an imei too" })
  .superRefine((v, ctx) => {
    // an identifier the field already refused (too long) is not reported twice
    if (!v.imei || v.imei.length > 64) return;
    const problem = trackerIdentifierProblem(v.protocol, v.imei);
    if (problem) ctx.addIssue({ code: "custom", path: ["imei"], message: problem });
    else if (v.protocol === "osmand" && !v.allowWeakDeviceId) {
      ctx.addIssue({ code: "custom", path: ["imei"], message: WEAK_DEVICE_ID_RULE });
    }
  });
/** Callers pass strings from forms, flags and JSON; the schema checks protocol and adapter at run time. */
export type CreateAssetInput = Omit<z.input<typeof ZCreateAsset>, "protocol" | "adapter"> & {
  protocol?: string;
  adapter?: string | null;
};

export const ZUpdateAsset = z.object({
  accountId: ZId,
  assetId: ZId,
  name: ZAssetName.optional(),
  plate: ZPlate.optional(),
  vin: ZVin.optional(),
  brand: ZBrandModel.optional(),
  model: ZBrandModel.optional(),
  /** picks the vehicle profile among a model's variants (docs/vehicle-control.md) */
  variant: ZBrandModel.optional(),
  /**
   * a string fits or replaces the tracker; null removes it; absent leaves it. Checked against the protocol given,
   * or the tracker's saved one, by updateAsset.
   */
  imei: ZTrackerIdentifier.nullable().optional(),
  protocol: ZProtocol.optional(),
  /** null: no adapter fitted */
  adapter: ZAdapter.nullable().optional(),
  /** the operator accepts a typed (guessable) device id for this phone tracker; absent leaves the saved choice */
  allowWeakDeviceId: z.boolean({ error: "must be true or false" }).optional(),
});
export type UpdateAssetInput = Omit<z.input<typeof ZUpdateAsset>, "protocol" | "adapter"> & {
  protocol?: string;
  adapter?: string | null;
};

export const ZAssetRef = z.object({ accountId: ZId, assetId: ZId });

/** the asset list's filters: `status` names what last_position.status shows; `online` is moving, idle or parked */
export const ASSET_STATUS_FILTERS = ["moving", "idle", "parked", "offline", "online"] as const;
export type AssetStatusFilter = (typeof ASSET_STATUS_FILTERS)[number];
const STATUS_MESSAGE = `must be one or more of ${ASSET_STATUS_FILTERS.join(", ")}, separated by commas`;
/** the most urgent status of an asset's service and renewal reminders (docs/fleet-records.md) */
export const ASSET_REMINDER_STATUSES = ["overdue", "due_soon", "snoozed", "ok"] as const;
export type AssetReminderStatusFilter = (typeof ASSET_REMINDER_STATUSES)[number];
const REMINDER_STATUS_MESSAGE = `must be one or more of ${ASSET_REMINDER_STATUSES.join(", ")}, separated by commas`;
const ZSearch = z.string().trim().max(100, "must be at most 100 characters");

export const ZAssetFilters = z.object({
  /** assets in this group or any of its subgroups */
  groupId: ZId.optional(),
  tagId: ZId.optional(),
  protocol: ZProtocol.optional(),
  status: z.array(z.enum(ASSET_STATUS_FILTERS, { error: STATUS_MESSAGE })).optional(),
  /** text in the name, plate, VIN or tracker identifier (IMEI), whatever its case */
  q: ZSearch.optional(),
  reminderStatus: z.array(z.enum(ASSET_REMINDER_STATUSES, { error: REMINDER_STATUS_MESSAGE })).optional(),
});

export const ZListAssets = ZListPage.extend(ZAssetFilters.shape);
export type ListAssetsInput = z.input<typeof ZListAssets>;

const idText = (what: string) =>
  z.coerce.number({ error: `must be a ${what} id` }).int(`must be a ${what} id`).positive(`must be a ${what} id`);

/** GET /api/{account_key}/asset's query: paging plus the filters, which combine (every one must match) */
export const ZAssetListQuery = ZPageQuery.extend({
  group_id: idText("group").optional().meta({ description: "Only assets in this group or any of its subgroups." }),
  tag_id: idText("tag").optional().meta({ description: "Only assets with this tag." }),
  protocol: ZProtocol.optional().meta({ description: "Only assets whose tracker speaks this protocol." }),
  status: z
    .string()
    .transform((text) => text.split(",").map((part) => part.trim()))
    .pipe(z.array(z.enum(ASSET_STATUS_FILTERS, { error: STATUS_MESSAGE })))
    .optional()
    .meta({
      description:
        "Only assets whose status now is one of these (comma-separated): moving, idle, parked, offline (no position for " +
        "30 minutes, or none yet), online (moving, idle or parked).",
    }),
  q: ZSearch.optional().meta({ description: "Text found in the name, plate, VIN or tracker IMEI, whatever its case." }),
  reminder_status: z
    .string()
    .transform((text) => text.split(",").map((part) => part.trim()))
    .pipe(z.array(z.enum(ASSET_REMINDER_STATUSES, { error: REMINDER_STATUS_MESSAGE })))
    .optional()
    .meta({
      description:
        "Only assets whose most urgent service or renewal reminder (as last evaluated) is one of these (comma-separated): " +
        "overdue, due_soon, snoozed, ok. Assets without reminders match none.",
    }),
});

/** the tRPC list procedure's input: paging plus the same filters */
export const ZAssetListInput = ZPageInput.extend(ZAssetFilters.shape);

export const ZTrackerDto = z.object({
  id: z.number().int(),
  imei: z.string().describe("the tracker's identifier: the 15-digit IMEI (teltonika, gt06) or the phone app's device id (osmand)"),
  protocol: z.string().describe("teltonika, gt06 or osmand (a phone running Traccar Client or OsmAnd)"),
  can_adapter: z.enum(ADAPTER_KINDS).nullable().describe("CAN adapter fitted, or null"),
  weak_device_id: z
    .boolean()
    .describe(
      "true for a phone (osmand) whose device id a person typed rather than the server generated: it can be guessed, and whoever knows it can send positions as the phone; re-key it in the dashboard (always false for teltonika and gt06)",
    ),
  allow_weak_device_id: z.boolean().describe("the operator accepted a typed (weak) device id for this phone tracker"),
});

export const ZLastPosition = z.object({
  latitude: z.number(),
  longitude: z.number(),
  speed: z.number().describe("km/h"),
  course: z.number().describe("degrees from north"),
  ignition: z.boolean().nullable(),
  date_updated: z.string().describe("fix time, ISO 8601"),
  date_moved: z.string().describe("fix time of the newest moving record, ISO 8601"),
  status: z
    .object({ name: z.enum(["moving", "idle", "parked", "offline"]), label: z.string(), color: z.string() })
    .describe("status now: offline when nothing arrived for 30 minutes"),
  odometer: z.number().nullable().describe("metres"),
  address: z.object({ street: z.string().nullable(), town: z.string().nullable(), country: z.string().nullable() }).nullable(),
});
export type LastPositionDto = z.infer<typeof ZLastPosition>;

export const ZAssetDto = z.object({
  id: z.number().int(),
  name: z.string(),
  plate: z.string().nullable(),
  vin: z.string().nullable().describe("vehicle identification number (17 characters), or null"),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  group_ids: z.array(z.number().int()).describe("the groups the asset is directly in, ascending (docs/fleet-records.md)"),
  tag_ids: z.array(z.number().int()).describe("the tags on the asset, ascending"),
  tracker: ZTrackerDto.nullable().describe("the tracker fitted to the asset, or null"),
  last_position: ZLastPosition.nullable().describe("last known position; null until the asset has reported one"),
  created_at: z.string().describe("ISO 8601"),
  updated_at: z.string().describe("ISO 8601"),
});
export type AssetDto = z.infer<typeof ZAssetDto>;

export const ZAssetPage = z.object({
  data: z.array(ZAssetDto),
  next_cursor: z.string().nullable().describe("pass as ?cursor= for the next page; null on the last page"),
});
export type AssetPage = z.infer<typeof ZAssetPage>;

/** The columns AssetDto is built from (select, not include: nothing else is read). */
export const assetSelect = {
  id: true,
  name: true,
  plate: true,
  vin: true,
  brand: true,
  model: true,
  createdAt: true,
  updatedAt: true,
  groups: { select: { groupId: true }, orderBy: { groupId: "asc" } },
  tags: { select: { tagId: true }, orderBy: { tagId: "asc" } },
  tracker: { select: { id: true, imei: true, protocol: true, canAdapter: true, deviceIdGenerated: true, allowWeakDeviceId: true } },
  state: { select: { payload: true } },
} as const;

interface AssetRow {
  id: number;
  name: string;
  plate: string | null;
  vin: string | null;
  brand: string | null;
  model: string | null;
  groups: { groupId: number }[];
  tags: { tagId: number }[];
  createdAt: Date;
  updatedAt: Date;
  tracker: {
    id: number;
    imei: string;
    protocol: string;
    canAdapter: string | null;
    deviceIdGenerated: boolean;
    allowWeakDeviceId: boolean;
  } | null;
  state?: { payload: unknown } | null;
}

/** a phone tracker whose device id a person typed: guessable (only generated ids are strong) */
export function isWeakDeviceId(tracker: { protocol: string; deviceIdGenerated: boolean }): boolean {
  return tracker.protocol === "osmand" && !tracker.deviceIdGenerated;
}

export function toAssetDto(row: AssetRow): AssetDto {
  return {
    id: row.id,
    name: row.name,
    plate: row.plate,
    vin: row.vin,
    brand: row.brand,
    model: row.model,
    group_ids: row.groups.map((group) => group.groupId),
    tag_ids: row.tags.map((tag) => tag.tagId),
    tracker: row.tracker
      ? {
          id: row.tracker.id,
          imei: row.tracker.imei,
          protocol: row.tracker.protocol,
          can_adapter: isAdapterKind(row.tracker.canAdapter) ? row.tracker.canAdapter : null,
          weak_device_id: isWeakDeviceId(row.tracker),
          allow_weak_device_id: row.tracker.allowWeakDeviceId,
        }
      : null,
    last_position: row.state ? toLastPosition(row.state.payload as LivePosition, Date.now()) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** the newest stored position (its live payload) as the asset list shows it; the status is judged at `now` */
export function toLastPosition(p: LivePosition, now: number): LastPositionDto {
  const status = detailedStatus({ speed: p.speed, ignition: p.ignition, fixTime: p.dateUpdated, now });
  return {
    latitude: p.latitude,
    longitude: p.longitude,
    speed: p.speed,
    course: p.course,
    ignition: p.ignition,
    date_updated: new Date(p.dateUpdated).toISOString(),
    date_moved: new Date(p.dateMoved).toISOString(),
    status: { name: status.name, label: status.label, color: status.color },
    odometer: p.odometer,
    address: p.geoPoint,
  };
}
