// A contact phone as people type it ("+370 600 12345", "00370-600-12345", "(8 600) 12345"). A number written with
// its country code must be a real number for that country and is kept in E.164 ("+37060012345"): the form SMS
// gateways take and the one the import matches drivers by (phone-number.ts). A number without a country code is
// kept as written (spaces tidied): placing it in a country would be a guess. Letters, or fewer than 5 digits, are
// not a phone number.
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { phoneKey } from "./phone-number";
import { cellText, type Cell } from "./cells";
import { parsed, shown, unreadable, type Parsed } from "./parsed";

/** longer than any number with an extension people write */
const MAX_LENGTH = 40;
const PHONE_CHARACTERS = /^[+\d\s().\-/]+$/;

/** null when nothing was given */
export function parsePhone(input: Cell, field = "phone"): Parsed<string | null> {
  const text = cellText(input);
  if (text === null) return parsed(null);
  if (text.length > MAX_LENGTH) return unreadable(`${field} must be at most ${MAX_LENGTH} characters`);
  if (!PHONE_CHARACTERS.test(text)) return unreadable(`${field} ${shown(text)} may hold only digits, spaces and + ( ) - . /`);
  if (phoneKey(text) === null) return unreadable(`${field} ${shown(text)} has fewer than 5 digits`);
  if (/^(\+|00)/.test(text)) {
    const number = parsePhoneNumberFromString(text.replace(/^00/, "+"));
    if (!number?.isValid()) return unreadable(`${field} ${shown(text)} is not a valid number for its country code; check the digits`);
    return parsed(number.number);
  }
  return parsed(text.replace(/\s+/g, " "));
}
