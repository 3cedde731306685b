// A stop's lat or lng: a number, or text holding one ("54.6872"; a decimal comma is accepted as spreadsheets in
// many locales write it), within range.
import { cellText, type Cell } from "./cells";
import { parsed, shown, unreadable, type Parsed } from "./parsed";

export function parseCoordinate(value: Cell, axis: "lat" | "lng"): Parsed<number | null> {
  const text = cellText(value);
  if (text === null) return parsed(null);
  const number = typeof value === "number" ? value : /^-?\d+(?:[.,]\d+)?$/.test(text) ? Number(text.replace(",", ".")) : NaN;
  const limit = axis === "lat" ? 90 : 180;
  if (!Number.isFinite(number) || Math.abs(number) > limit) return unreadable(`${axis} ${shown(value)} must be a number from -${limit} to ${limit}`);
  return parsed(number);
}
