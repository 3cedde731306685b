// The history ranges the asset page offers, and the fixed window a choice stands for (taken when chosen, so the
// track and the trips do not shift under the user while they play it back).
const HOUR = 60 * 60_000;
export const RANGES = [
  { value: "24h", label: "Last 24 hours", ms: 24 * HOUR },
  { value: "6h", label: "Last 6 hours", ms: 6 * HOUR },
  { value: "1h", label: "Last hour", ms: HOUR },
  { value: "7d", label: "Last 7 days", ms: 7 * 24 * HOUR },
] as const;
export type RangeValue = (typeof RANGES)[number]["value"];

export function rangeFor(value: RangeValue): { from: string; to: string } {
  const to = Date.now();
  const ms = RANGES.find((r) => r.value === value)!.ms;
  return { from: new Date(to - ms).toISOString(), to: new Date(to).toISOString() };
}
