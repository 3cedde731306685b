// The number a text message can go to: a contact phone written in international form ("+370 600 12345",
// "00370-600-12345") that libphonenumber reads as a valid number, in E.164. A number without its country code is
// not guessed into a country: such a passenger has no SMS channel (send-welcome counts them as no_channel).
import { parsePhoneNumberFromString } from "libphonenumber-js";

export function smsNumber(phone: string | null): string | null {
  if (!phone) return null;
  const international = phone.trim().replace(/^00/, "+");
  if (!international.startsWith("+")) return null;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isValid() ? parsed.number : null;
}
