// Vehicle status. The standard live payload has the spec's fixed form (Moving/Parked from speed, colour #333333);
// the detailed payload and the dashboard use the real status with thresholds and colours below.

export const STANDARD_STATUS_COLOR = "#333333";

export function standardStatus(speed: number): { name: "Moving" | "Parked"; color: string } {
  return { name: speed > 0 ? "Moving" : "Parked", color: STANDARD_STATUS_COLOR };
}

export type StatusName = "moving" | "idle" | "parked" | "offline";

export const STATUS_THRESHOLDS = {
  /** km/h at or above which the vehicle counts as moving (GPS jitter stays below it) */
  movingSpeedKmh: 3,
  /** without a record for this long the vehicle is offline (stopped devices report every 5-10 minutes) */
  offlineAfterMs: 30 * 60_000,
} as const;

export const STATUS_COLORS: Record<StatusName, string> = {
  moving: "#16a34a",
  idle: "#f59e0b",
  parked: "#2563eb",
  offline: "#6b7280",
};

const LABELS: Record<StatusName, string> = { moving: "Moving", idle: "Idling", parked: "Parked", offline: "Offline" };

export interface DetailedStatus {
  name: StatusName;
  label: string;
  color: string;
  thresholds: { movingSpeedKmh: number; offlineAfterMinutes: number };
}

/** status of a fix; `now` decides offline (pass the fix's own time at ingest, the clock when reading later) */
export function detailedStatus(input: {
  speed: number;
  ignition: boolean | null;
  fixTime: number;
  now: number;
}): DetailedStatus {
  let name: StatusName;
  if (input.now - input.fixTime > STATUS_THRESHOLDS.offlineAfterMs) name = "offline";
  else if (input.speed >= STATUS_THRESHOLDS.movingSpeedKmh) name = "moving";
  else if (input.ignition === true) name = "idle";
  else name = "parked";
  return {
    name,
    label: LABELS[name],
    color: STATUS_COLORS[name],
    thresholds: {
      movingSpeedKmh: STATUS_THRESHOLDS.movingSpeedKmh,
      offlineAfterMinutes: STATUS_THRESHOLDS.offlineAfterMs / 60_000,
    },
  };
}
