// The odometer sequence rule (Fleetio's meter rule, docs/fleet-records.md "The sequence rule"), pure: per asset,
// readings in date order (then id) never go down, except at a reading marked as a reset, which starts a new
// sequence. Since the stored readings already keep the rule, a change only has to be checked against its neighbours:
// the reading just before it and the one just after.
import { AppError } from "../../errors";

export interface Reading {
  id: number;
  /** epoch ms */
  at: number;
  valueM: number;
  isReset: boolean;
  source: string;
}

/** why `reading` cannot stand between `before` and `after` (its neighbours by date), or null when it can */
export function placementProblem(reading: Pick<Reading, "valueM" | "isReset">, before: Reading | null, after: Reading | null): string | null {
  if (before && !reading.isReset && reading.valueM < before.valueM) {
    return `is lower than the reading of ${describe(before)}; mark it as a reset (is_reset) if the odometer was reset or replaced`;
  }
  if (after && !after.isReset && reading.valueM > after.valueM) {
    return `is higher than the later reading of ${describe(after)}`;
  }
  return null;
}

/** why taking `reading` out would break the rule (a reset whose later readings are lower than earlier ones) */
export function removalProblem(reading: Pick<Reading, "isReset">, before: Reading | null, after: Reading | null): string | null {
  if (!reading.isReset || !before || !after || after.isReset) return null;
  return after.valueM < before.valueM
    ? `without this reset the reading of ${describe(after)} would be lower than the one of ${describe(before)}`
    : null;
}

function describe(reading: Reading): string {
  return `${formatKm(reading.valueM)} km at ${new Date(reading.at).toISOString()} (${reading.source}, entry ${reading.id})`;
}

export const formatKm = (metres: number) => (Math.round(metres) / 1000).toLocaleString("en", { maximumFractionDigits: 3 });

export function outOfSequence(field: string, problem: string): AppError {
  return new AppError("ODOMETER_OUT_OF_SEQUENCE", `${field}: ${problem}`, [{ field, message: problem }]);
}
