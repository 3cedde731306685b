// Unknown devices (IMEIs that tried to log in with no tracker provisioned) as the dashboard shows them, and the input
// of provisioning one into an account.
import { z } from "zod";
import { ZImei, ZTrackerIdentifier } from "../assets/assets.schema";

export const ZUnknownDeviceDto = z.object({
  imei: z.string(),
  protocol: z.string(),
  attempts: z.number().int().describe("login attempts so far"),
  first_seen_at: z.string().describe("ISO 8601"),
  last_seen_at: z.string().describe("ISO 8601"),
  remote_address: z.string().nullable().describe("address of the last attempt"),
});
export type UnknownDeviceDto = z.infer<typeof ZUnknownDeviceDto>;

/** the newest first; the operator's list is platform-wide, so it is capped rather than paged */
export const MAX_UNKNOWN_DEVICES = 500;

export const ZProvisionUnknownDevice = z.object({
  accountId: z.number().int().positive(),
  /** as the device sent it: an IMEI, or a phone's device id (createAsset checks it against the device's protocol) */
  imei: ZTrackerIdentifier,
  name: z.string(),
  plate: z.string().nullish(),
  /** the platform operator may provision any unknown device; an account only the ones it pre-registered */
  platformAdmin: z.boolean().default(false),
  /** a phone's device id was typed on the phone: adopting it needs the operator's opt-in (docs/osmand.md) */
  allowWeakDeviceId: z.boolean().default(false),
});
export type ProvisionUnknownDeviceInput = z.input<typeof ZProvisionUnknownDevice>;

export const ZPreRegisterDevice = z.object({
  accountId: z.number().int().positive(),
  imei: ZImei,
});
export type PreRegisterDeviceInput = z.input<typeof ZPreRegisterDevice>;
