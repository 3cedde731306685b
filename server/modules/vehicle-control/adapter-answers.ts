// Reading the CAN adapter's Codec 12 answers (Teltonika wiki, "FMB lvcangetinfo" and the CAN adapter pages):
//   lvcangetprog  -> "CAN Program Nr: 1247"
//   lvcangetinfo  -> "Prog:11862 SWDate:180315 SWRev:245 KernVer:0x5A Opt:0x0A ID:0x539B16512B684B21 ST:0x00"
//                    (newer firmware: "Prog:<n> SWDate:<YYMMDD> BootVer:.. HWVer:.. SWVer:.. Opt:.. ST:.. Protocol:.. ID:..")
//   no adapter    -> "Prog:0 SWDate:000000 SWRev:0 ..."
// Prog 0 means no program number is set.

export interface AdapterInfo {
  /** null when the answer carries none or 0 (not set) */
  programNumber: number | null;
  /** the adapter software's date (UTC midnight), null when absent or 000000 (no adapter answering) */
  softwareDate: Date | null;
}

/** the program number in an lvcangetprog or lvcangetinfo answer; null when unreadable or 0 */
export function parseProgramNumber(answer: string): number | null {
  const match = /(?:Program\s*Nr|Prog)\s*:\s*(\d+)/i.exec(answer);
  if (!match) return null;
  const number = Number(match[1]);
  return number > 0 ? number : null;
}

/** YYMMDD as a date; null for 000000 or an impossible date */
export function parseSoftwareDate(yymmdd: string): Date | null {
  if (!/^\d{6}$/.test(yymmdd) || yymmdd === "000000") return null;
  const year = 2000 + Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** the lvcangetinfo answer; null when it is not one (no Prog field) */
export function parseAdapterInfo(answer: string): AdapterInfo | null {
  if (!/Prog\s*:/i.test(answer)) return null;
  const date = /SWDate\s*:\s*(\d{6})/i.exec(answer);
  return { programNumber: parseProgramNumber(answer), softwareDate: date ? parseSoftwareDate(date[1]!) : null };
}

/**
 * Whether a control command's answer is a refusal. The adapter's exact error texts are not published; an answer
 * naming an error, a failure or missing support is taken as one, anything else as the adapter having done it.
 */
export function isFailureAnswer(answer: string): boolean {
  return /\b(error|fail(ed|ure)?|not supported|unsupported|not allowed|invalid|unknown command)\b/i.test(answer);
}
