// Phone numbers as people type them ("+370 600 00000", "00370-600-00000", "(0)600 00000") reduced to one key, so
// a driver imported with one spelling is found with another. International numbers become E.164 through
// libphonenumber; a number without a country code keeps its digits only (it is compared as written, never guessed
// into a country).
import { parsePhoneNumberFromString } from "libphonenumber-js";

export function phoneKey(text: string): string | null {
  const trimmed = text.trim().replace(/^00/, "+");
  if (trimmed.startsWith("+")) {
    const parsed = parsePhoneNumberFromString(trimmed);
    if (parsed?.isValid()) return parsed.number;
  }
  const digits = trimmed.replace(/\D/g, "");
  return digits.length >= 5 ? (trimmed.startsWith("+") ? `+${digits}` : digits) : null;
}
