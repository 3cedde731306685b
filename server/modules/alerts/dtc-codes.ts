// Diagnostic trouble codes from a record's named IO values, for DTC_DETECTED alerts and vehicle health snapshots.
//   faultCodes     (AVL 281, OBD dongles): text, comma-separated, e.g. "P0300,P0171"
//   canFaultCodes  (AVL 282, LV-CAN200 / ALL-CAN300): published as hex. Adapters that send the codes as ASCII are
//                  read as text; otherwise every two bytes are one code in the SAE J2012 / ISO 15031-6 encoding
//                  (2 bits system P/C/B/U, 2 bits first digit, then three hex digits), and 0000 is padding.
//   canDtcFaults   (AVL 160) and numberOfDtc (AVL 30): the device's count, sent by adapters that list no codes.
import type { NamedIoValue } from "../../tracker/record";

const DTC = /^[PCBU][0-9A-F]{4}$/;
const SYSTEMS = ["P", "C", "B", "U"] as const;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

export interface DtcReading {
  /** the codes reported now, sorted and distinct; null when the record lists none (it may still carry a count) */
  codes: string[] | null;
  /** the device's own count of active codes, when it sends one */
  count: number | null;
}

function fromText(text: string): string[] {
  return text
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((part) => DTC.test(part));
}

function fromHex(hex: string): string[] {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) return [];
  const bytes = Buffer.from(hex, "hex");
  const ascii = bytes.toString("latin1").replace(/\0/g, "");
  if (ascii.length > 0 && PRINTABLE_ASCII.test(ascii)) return fromText(ascii);
  const codes: string[] = [];
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const a = bytes[i]!;
    const b = bytes[i + 1]!;
    if (a === 0 && b === 0) continue;
    const first = SYSTEMS[a >> 6]! + ((a >> 4) & 0x3).toString();
    codes.push(first + (a & 0x0f).toString(16).toUpperCase() + b.toString(16).toUpperCase().padStart(2, "0"));
  }
  return codes;
}

export function readDtc(io: Record<string, NamedIoValue>): DtcReading {
  let codes: string[] | null = null;
  if (typeof io.faultCodes === "string") codes = fromText(io.faultCodes);
  if (typeof io.canFaultCodes === "string") codes = [...(codes ?? []), ...fromHex(io.canFaultCodes)];
  const count =
    typeof io.canDtcFaults === "number" ? io.canDtcFaults : typeof io.numberOfDtc === "number" ? io.numberOfDtc : null;
  return { codes: codes === null ? null : [...new Set(codes)].sort(), count };
}

/** the J2012 bytes of a code (tests and the simulator build device input with it) */
export function encodeDtc(code: string): string {
  if (!DTC.test(code) || Number(code[1]) > 3) throw new Error(`not a J2012 DTC: ${code}`);
  const system = SYSTEMS.indexOf(code[0] as (typeof SYSTEMS)[number]);
  const first = (system << 6) | (Number(code[1]) << 4) | parseInt(code[2]!, 16);
  return first.toString(16).padStart(2, "0") + code.slice(3).toLowerCase();
}
