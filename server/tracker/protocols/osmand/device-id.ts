// The syntax of the `id` (or `deviceid`, `device_id`) field of the phone apps' wire format: what the decoder accepts
// before any lookup. The protocol folder keeps it itself because it may import nothing outside the tracker; the
// rule an asset is saved with is server/modules/assets/device-id.ts, and device-id.test.ts checks that the two agree
// (a phone whose id the asset accepts must never be refused on the wire, nor the reverse).

/** 1 to 64 characters of letters, digits and . _ : - (no spaces: it travels in URLs and QR codes) */
export const DEVICE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const DEVICE_ID_RULE = "1 to 64 characters: letters, digits, '.', '_', ':' or '-'";

export function isValidDeviceId(id: string): boolean {
  return DEVICE_ID.test(id);
}
