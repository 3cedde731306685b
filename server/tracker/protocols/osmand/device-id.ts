// The identifier a phone sends as `id` (Traccar Client shows it as "Device identifier"; OsmAnd lets the user type
// one). It is the tracker's identifier on the asset, so the rule lives here once and the asset schema reuses it.

/** 1 to 64 characters of letters, digits and . _ : - (no spaces: it travels in URLs and QR codes) */
export const DEVICE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const DEVICE_ID_RULE = "1 to 64 characters: letters, digits, '.', '_', ':' or '-'";

export function isValidDeviceId(id: string): boolean {
  return DEVICE_ID.test(id);
}
