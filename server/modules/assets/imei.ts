// IMEIs as Teltonika devices send them: real GSM IMEIs, 14 digits and a Luhn check digit (3GPP TS 23.003 §6.2.1).
// A login with anything else is not a Teltonika device: it is refused before any database work. Tracker vocabulary,
// so it lives in the domain (assets own trackers; devices build on assets): assets and pre-registration validate
// with it, the listeners refuse with it, the simulator and demo make their IMEIs with it.

const IMEI = /^\d{15}$/;

/** the Luhn check digit that completes these 14 digits into an IMEI */
export function imeiCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // counted from the right end of the body: every first, third, ... digit is doubled
    let digit = body.charCodeAt(body.length - 1 - i) - 48;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** 15 digits whose last one is the Luhn check digit of the first 14 */
export function isValidImei(imei: string): boolean {
  return IMEI.test(imei) && imeiCheckDigit(imei.slice(0, 14)) === imei.charCodeAt(14) - 48;
}

/** completes 14 digits into a valid IMEI (simulated devices and tests) */
export function imeiFrom(body: string): string {
  if (!/^\d{14}$/.test(body)) throw new Error(`an IMEI body is 14 digits, not ${JSON.stringify(body)}`);
  return `${body}${imeiCheckDigit(body)}`;
}

/**
 * Deterministic demo/simulator IMEIs: 15 digits, 35 prefix like real Teltonika IMEIs, and a valid check digit (the
 * listener refuses anything else).
 */
export function simulatedImei(index: number, prefix = "3520930"): string {
  return imeiFrom(`${prefix}${String(index + 1).padStart(14 - prefix.length, "0")}`);
}
