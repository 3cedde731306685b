// The identifier a phone tracker is saved with (Traccar Client shows it as "Device identifier"; OsmAnd lets the user
// type one). Tracker vocabulary, like the IMEI rule beside it (imei.ts), so it lives in the domain: the asset schema
// validates with it. The OsmAnd decoder keeps its own copy of the wire syntax (protocols/osmand/device-id.ts, a
// protocol folder imports nothing outside the tracker); server/tracker/protocols/osmand/device-id.test.ts checks that
// the two agree.

/** 1 to 64 characters of letters, digits and . _ : - (no spaces: it travels in URLs and QR codes) */
export const DEVICE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const DEVICE_ID_RULE = "1 to 64 characters: letters, digits, '.', '_', ':' or '-'";

export function isValidDeviceId(id: string): boolean {
  return DEVICE_ID.test(id);
}
