// The identifier a phone tracker is saved with (Traccar Client shows it as "Device identifier"; OsmAnd lets the user
// type one). Tracker vocabulary, like the IMEI rule beside it (imei.ts), so it lives in the domain: the asset schema
// validates with it. The OsmAnd decoder keeps its own copy of the wire syntax (protocols/osmand/device-id.ts, a
// protocol folder imports nothing outside the tracker); server/tracker/protocols/osmand/device-id.test.ts checks that
// the two agree.
//
// The device id is a phone's only credential: whoever knows it can send positions as that phone (docs/osmand.md
// "The device id is a credential"). So the server generates it (generateDeviceId: 120 random bits) and only a
// generated id counts as strong. Whether a typed id is random cannot be checked (a long id may be "driver-3-of-fleet-a"),
// so any typed id is weak, and it is accepted only for an asset whose operator opted in (allowWeakDeviceId).
import { randomInt } from "node:crypto";

/** 1 to 64 characters of letters, digits and . _ : - (no spaces: it travels in URLs and QR codes) */
export const DEVICE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const DEVICE_ID_RULE = "1 to 64 characters: letters, digits, '.', '_', ':' or '-'";

export function isValidDeviceId(id: string): boolean {
  return DEVICE_ID.test(id);
}

/**
 * Lower-case letters and digits without the look-alikes l, o, 0 and 1: 32 symbols, 5 bits each. Lower case so that
 * typing it into OsmAnd's web address (no QR scanner there) is not a matter of case.
 */
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
const GROUPS = 4;
const GROUP_LENGTH = 6;

/** the entropy of a generated id: 24 symbols of 5 bits */
export const GENERATED_DEVICE_ID_BITS = GROUPS * GROUP_LENGTH * Math.log2(ALPHABET.length);

/** the shape of a generated id: four groups of six symbols joined by '-' (27 characters, e.g. "k7qm2x-9hd3cz-…") */
export const GENERATED_DEVICE_ID = new RegExp(`^[${ALPHABET}]{${GROUP_LENGTH}}(-[${ALPHABET}]{${GROUP_LENGTH}}){${GROUPS - 1}}$`);

/** a new device id with GENERATED_DEVICE_ID_BITS (120) bits from the system's CSPRNG; fits DEVICE_ID */
export function generateDeviceId(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = "";
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

/** why a typed phone device id is refused without the asset's opt-in (the validation error's message) */
export const WEAK_DEVICE_ID_RULE =
  "a phone's device id is its only credential, and a typed one can be guessed: leave it empty and the server " +
  "generates a strong one (shown as a QR code on the asset's page), or allow a weak device id for this asset";
