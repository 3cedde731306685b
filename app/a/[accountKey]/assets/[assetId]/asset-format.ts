// How the asset page prints a trip's duration. Pure, so it is tested beside this file. Readings are put in words by
// app/_components/fleet/telemetry-format.ts, the one place the dashboard turns IO into what a person reads.

/** 3720 -> "1 h 2 min"; under an hour, minutes only */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}
