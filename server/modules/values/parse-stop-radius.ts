// A stop's arrival radius in whole metres (docs/run-progress.md): a number, or text holding one ("75", "120 m");
// empty means the default. Bounded so a typo cannot make a stop swallow the route (a school yard is a few hundred
// metres at most) or shrink below what GPS can tell apart.
import { cellText, type Cell } from "./cells";
import { parsed, shown, unreadable, type Parsed } from "./parsed";

export const STOP_RADIUS_LIMITS = { minM: 20, maxM: 1000 } as const;

export function parseStopRadius(value: Cell): Parsed<number | null> {
  const text = cellText(value);
  if (text === null) return parsed(null);
  const match = typeof value === "number" ? null : /^(\d+)\s*(?:m)?$/i.exec(text);
  const number = typeof value === "number" ? value : match ? Number(match[1]) : NaN;
  if (!Number.isInteger(number) || number < STOP_RADIUS_LIMITS.minM || number > STOP_RADIUS_LIMITS.maxM) {
    return unreadable(`radius ${shown(value)} must be whole metres from ${STOP_RADIUS_LIMITS.minM} to ${STOP_RADIUS_LIMITS.maxM}`);
  }
  return parsed(number);
}
