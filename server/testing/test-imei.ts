// Unique, valid IMEIs for tests: the Teltonika listeners refuse a login that is not 15 digits with a Luhn check
// digit. Unique within a process (the time in ms × 100 plus a counter only grows) and, through the process id,
// between the test workers that run at once.
import { imeiFrom } from "../modules/assets/imei";

let counter = 0;

export function testImei(): string {
  const worker = String(process.pid % 100).padStart(2, "0");
  const serial = String(Date.now() * 100 + counter++).slice(-10);
  return imeiFrom(`35${worker}${serial}`);
}
