// How the asset page prints a trip's duration and a tracker reading (its name made readable, its value with its
// unit). Pure, so they are tested beside this file.
import type { Reading } from "@/server/modules/positions/positions.schema";

/** 3720 -> "1 h 2 min"; under an hour, minutes only */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}

/** canEngineRpm -> "Engine rpm" (the can prefix is the section's title) */
export function humanizeReading(name: string): string {
  const bare = name.startsWith("can") && name.length > 3 && /[A-Z]/.test(name[3]!) ? name.slice(3) : name;
  const words = bare.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

export function formatReading(r: Reading): string {
  if (typeof r.value === "boolean") return r.value ? "yes" : "no";
  if (typeof r.value === "number") {
    const n = Number.isInteger(r.value) ? r.value.toLocaleString() : r.value.toLocaleString(undefined, { maximumFractionDigits: 3 });
    return r.unit ? `${n} ${r.unit}` : n;
  }
  return r.unit ? `${r.value} ${r.unit}` : String(r.value);
}
