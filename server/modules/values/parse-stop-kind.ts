// A stop's `kind`: pick-up or drop-off; omitted (or "both") means the stop is both. Spelling variants people use in
// spreadsheets are accepted (pickup, pick up, Pick-Up, dropoff, drop off), any letter case.
import { parsed, shown, unreadable, type Parsed } from "./parsed";

export type StopKind = "pick_up" | "drop_off" | "both";

const KINDS: Record<string, StopKind> = { pickup: "pick_up", dropoff: "drop_off", both: "both" };

export function parseStopKind(input: unknown): Parsed<StopKind> {
  if (input === undefined || input === null || (typeof input === "string" && input.trim() === "")) return parsed("both");
  const kind = typeof input === "string" ? KINDS[input.toLowerCase().replace(/[\s_-]/g, "")] : undefined;
  return kind ? parsed(kind) : unreadable(`stop kind ${shown(input)} must be pick-up, drop-off or both (omitted means both)`);
}
