// iButton key ids are what an immobiliser accepts as keys: anyone who knows one can program a clone. They are shown
// in full only to callers who may change the list (the dashboard's vehicles.control, the API's control:write);
// everyone else who may read the list sees the last 4 hex digits, enough to tell keys apart on a key ring.
import type { AuthorisedDriverListDto, SyncStatusDto } from "./authorised-drivers.schema";

/** "full" for callers with vehicles.control (control:write), else "masked" */
export type KeyIdView = "full" | "masked";

/** a REST token's view: full with control:write (only ever granted to roles with vehicles.control) */
export function keyIdView(scopes: readonly string[]): KeyIdView {
  return scopes.includes("control:write") ? "full" : "masked";
}

const KEY_ID_PATTERN = /\b[0-9A-Fa-f]{16}\b/g;

/** "01A2B3C4D5E6F708" -> "••••••••••••F708" */
export function maskKeyId(keyId: string): string {
  return `${"•".repeat(keyId.length - 4)}${keyId.slice(-4)}`;
}

export function listForView(list: AuthorisedDriverListDto, view: KeyIdView): AuthorisedDriverListDto {
  if (view === "full") return list;
  return { ...list, drivers: list.drivers.map((driver) => ({ ...driver, key_id: maskKeyId(driver.key_id) })) };
}

export function statusForView(status: SyncStatusDto, view: KeyIdView): SyncStatusDto {
  if (view === "full") return status;
  return {
    ...status,
    enforced: {
      ...status.enforced,
      drivers: status.enforced.drivers?.map((driver) => ({ ...driver, key_id: maskKeyId(driver.key_id) })) ?? null,
    },
    pending: { ...status.pending, add: status.pending.add.map(maskKeyId), remove: status.pending.remove.map(maskKeyId) },
    // a tracker's answer quoted in an error may hold a key id (setparam/getparam of a list slot)
    last_error: status.last_error && { ...status.last_error, message: status.last_error.message.replace(KEY_ID_PATTERN, maskKeyId) },
  };
}
