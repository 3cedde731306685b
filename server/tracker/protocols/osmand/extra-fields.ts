// The fields a phone sends beyond the known ones (ignition=true, rpm=933, fuel=24, ...) are kept as raw IO under the
// name the phone used. Both request forms add them through here so the limits hold the same way: a bounded number
// of fields, bounded names and values, so one request cannot grow a position's stored IO without end.
import { LIMITS, type ExtraValue } from "./messages";
import { quote } from "./values";

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** "933" → 933, "true" → true, anything else stays text (Traccar's typing of unknown query fields) */
export function typedValue(text: string): ExtraValue {
  if (NUMERIC.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n)) return n;
  }
  if (text === "true") return true;
  if (text === "false") return false;
  return text;
}

/** adds one extra field, or returns why the request is refused */
export function addExtra(extra: Record<string, ExtraValue>, key: string, value: ExtraValue): string | null {
  if (key.length === 0) return null; // "&=x" or a stray "&": nothing to keep
  if (key.length > LIMITS.extraKeyLength) return `field name ${quote(key)} is longer than ${LIMITS.extraKeyLength} characters`;
  if (typeof value === "string" && value.length > LIMITS.extraValueLength) {
    return `field ${quote(key)} is longer than ${LIMITS.extraValueLength} characters`;
  }
  if (!Object.hasOwn(extra, key) && Object.keys(extra).length >= LIMITS.extraFields) {
    return `more than ${LIMITS.extraFields} extra fields`;
  }
  extra[key] = value;
  return null;
}
