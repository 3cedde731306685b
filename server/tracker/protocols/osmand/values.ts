// Strict readers for the values phones send as text: a number is a whole decimal number and nothing else ("12abc"
// and "" are not 12 and 0), a time is epoch seconds, epoch milliseconds or ISO 8601, and every reader returns a
// reason instead of throwing so the decoder can answer 400 with it.

import { LIMITS } from "./messages";

export type Read<T> = { value: T } | { reason: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function readNumber(name: string, text: string, min = -Infinity, max = Infinity): Read<number> {
  const trimmed = text.trim();
  const value = NUMBER.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isFinite(value)) return { reason: `${name} must be a number, not ${quote(text)}` };
  if (value < min || value > max) return { reason: `${name} must be ${range(min, max)}, not ${trimmed}` };
  return { value };
}

export function range(min: number, max: number): string {
  if (min === -Infinity) return `at most ${max}`;
  if (max === Infinity) return `at least ${min}`;
  return `between ${min} and ${max}`;
}

export function readBoolean(name: string, text: string): Read<boolean> {
  const lower = text.trim().toLowerCase();
  if (lower === "true" || lower === "1") return { value: true };
  if (lower === "false" || lower === "0") return { value: false };
  return { reason: `${name} must be true or false, not ${quote(text)}` };
}

// ISO 8601 date and time, "T" or a space between them (OsmAnd's {2014-06-04 09:10:11} form); no zone means UTC
const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/i;
const EPOCH = /^\d{1,16}(\.\d+)?$/;
/** Traccar's rule, which the apps were built against: below 2^31 it is seconds, from there on milliseconds */
const SECONDS_BELOW = 2 ** 31 - 1;

/** a fix time from epoch seconds, epoch milliseconds or ISO 8601, within LIMITS of `receivedAt` */
export function readTimestamp(name: string, text: string, receivedAt: number): Read<number> {
  const trimmed = text.trim();
  let ms: number;
  if (EPOCH.test(trimmed)) {
    const n = Number(trimmed);
    ms = Math.round(n < SECONDS_BELOW ? n * 1000 : n);
  } else {
    const match = ISO.exec(trimmed);
    if (!match) return { reason: `${name} must be epoch seconds, epoch milliseconds or ISO 8601, not ${quote(text)}` };
    const zone = !match[3] || match[3].toUpperCase() === "Z" ? "Z" : match[3].replace(/^([+-]\d{2})(\d{2})$/, "$1:$2");
    // the time part is padded to seconds so Date.parse reads the ISO form, never a local-time guess
    const time = match[2]!.length === 5 ? `${match[2]}:00` : match[2];
    ms = Date.parse(`${match[1]}T${time}${zone}`);
    if (!Number.isFinite(ms)) return { reason: `${name} is not a real date: ${quote(text)}` };
  }
  if (ms < LIMITS.earliest) return { reason: `${name} is before the year 2000: ${quote(text)}` };
  if (ms > receivedAt + LIMITS.futureMs) return { reason: `${name} is more than a day in the future: ${quote(text)}` };
  return { value: ms };
}

/** a text for an error message: quoted, and cut so a hostile value cannot make the answer long */
export function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}
