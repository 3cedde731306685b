// Fuel consumption the way fleet tools (Fleetio) compute it, as pure functions over one asset's fuel entries
// (docs/fleet-records.md "Consumption"). No database, no clock.
//
// - Entries are taken in date order (then odometer, then id), whatever order they come in.
// - A void entry is left out entirely: no distance, no volume, no cost; the next entry measures from the one before.
// - A full fill-up closes an interval: L/100 km = (volume of the partial fill-ups since the previous full one + its
//   own volume) / (distance since that full fill-up) × 100; cost per km likewise with the totals.
// - A partial fill-up (the tank not filled to the top) closes nothing: its volume and cost join the next full one.
// - reset_usage (an entry was missed before this one) drops the open interval: the distance since the previous entry
//   is not counted, and the entry becomes the new starting point (when full; a partial one waits for a full one).
// - The first full fill-up only starts the chain; so does a full fill-up after zero or negative distance (a top-up at
//   the same odometer: its volume was not burnt over any distance).
// Totals (volume, cost) count every entry that is not void, partial ones included.

export interface FuelEntryInput {
  id: number;
  /** epoch ms */
  at: number;
  odometerKm: number;
  volumeL: number;
  /** the entry's total cost, null when unknown */
  total: number | null;
  partial: boolean;
  resetUsage: boolean;
  isVoid: boolean;
}

export interface FuelEntryFigures {
  id: number;
  /** km since the previous entry that is not void; null for the first, a reset_usage or a void entry */
  distanceKm: number | null;
  /** set on a full fill-up that closes an interval */
  intervalDistanceKm: number | null;
  intervalVolumeL: number | null;
  /** null when a total of the interval is unknown */
  intervalCost: number | null;
  lPer100Km: number | null;
  costPerKm: number | null;
}

export interface FuelSummary {
  entries: number;
  /** every entry that is not void, partial fill-ups included */
  volumeL: number;
  /** the known totals of those entries */
  cost: number;
  /** the closed intervals: their distance, volume and cost */
  distanceKm: number;
  intervalVolumeL: number;
  lPer100Km: number | null;
  costPerKm: number | null;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** entries in the order consumption reads them: date, then odometer, then id */
export function chronological<T extends Pick<FuelEntryInput, "id" | "at" | "odometerKm">>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.at - b.at || a.odometerKm - b.odometerKm || a.id - b.id);
}

/** the figures of every entry (in the chronological order) */
export function fuelFigures(entries: readonly FuelEntryInput[]): FuelEntryFigures[] {
  const out: FuelEntryFigures[] = [];
  let previous: FuelEntryInput | null = null;
  // the open interval: started by a full fill-up (`started`), with what was driven and filled since
  let started = false;
  let distance = 0;
  let volume = 0;
  let cost: number | null = 0;
  const restart = (full: boolean) => {
    started = full;
    distance = 0;
    volume = 0;
    cost = 0;
  };

  for (const entry of chronological(entries)) {
    const figures: FuelEntryFigures = {
      id: entry.id,
      distanceKm: null,
      intervalDistanceKm: null,
      intervalVolumeL: null,
      intervalCost: null,
      lPer100Km: null,
      costPerKm: null,
    };
    out.push(figures);
    if (entry.isVoid) continue;
    const step = previous && !entry.resetUsage ? entry.odometerKm - previous.odometerKm : null;
    previous = entry;
    if (step === null) {
      restart(!entry.partial);
      continue;
    }
    figures.distanceKm = round(step, 3);
    if (step < 0) {
      // an odometer lower than the previous entry's (out of sequence): nothing can be measured across it
      restart(!entry.partial);
      continue;
    }
    distance += step;
    volume += entry.volumeL;
    cost = cost === null || entry.total === null ? null : cost + entry.total;
    if (entry.partial) continue;
    if (started && distance > 0) {
      figures.intervalDistanceKm = round(distance, 3);
      figures.intervalVolumeL = round(volume, 3);
      figures.intervalCost = cost === null ? null : round(cost, 2);
      figures.lPer100Km = round((volume / distance) * 100, 2);
      figures.costPerKm = cost === null ? null : round(cost / distance, 4);
    }
    restart(true);
  }
  return out;
}

/** the summary of some entries with their figures (the entries of a date range, say) */
export function summarise(entries: ReadonlyArray<Pick<FuelEntryInput, "volumeL" | "total" | "isVoid"> & Omit<FuelEntryFigures, "id">>): FuelSummary {
  let volumeL = 0;
  let cost = 0;
  let distanceKm = 0;
  let intervalVolumeL = 0;
  let costedDistance = 0;
  let intervalCost = 0;
  let count = 0;
  for (const entry of entries) {
    if (entry.isVoid) continue;
    count++;
    volumeL += entry.volumeL;
    cost += entry.total ?? 0;
    if (entry.intervalDistanceKm === null || entry.intervalVolumeL === null) continue;
    distanceKm += entry.intervalDistanceKm;
    intervalVolumeL += entry.intervalVolumeL;
    if (entry.intervalCost !== null) {
      costedDistance += entry.intervalDistanceKm;
      intervalCost += entry.intervalCost;
    }
  }
  return {
    entries: count,
    volumeL: round(volumeL, 3),
    cost: round(cost, 2),
    distanceKm: round(distanceKm, 3),
    intervalVolumeL: round(intervalVolumeL, 3),
    lPer100Km: distanceKm > 0 ? round((intervalVolumeL / distanceKm) * 100, 2) : null,
    costPerKm: costedDistance > 0 ? round(intervalCost / costedDistance, 4) : null,
  };
}

export type AmountProblem = { field: "total" | "price_per_unit"; message: string };

/**
 * Volume, price per unit and total: any two give the third (the volume is always given). Price and total both given
 * must agree within a cent plus the price's rounding (half a thousandth per litre); else a problem on `total`.
 */
export function fillAmounts(input: { volumeL: number; pricePerUnit: number | null; total: number | null }):
  | { pricePerUnit: number | null; total: number | null; problem: null }
  | { problem: AmountProblem } {
  const { volumeL, pricePerUnit, total } = input;
  if (pricePerUnit !== null && total !== null) {
    const expected = pricePerUnit * volumeL;
    if (Math.abs(expected - total) > 0.01 + 0.0005 * volumeL + 1e-9) {
      return { problem: { field: "total", message: `does not match volume × price per unit (${round(expected, 2)})` } };
    }
    return { pricePerUnit, total, problem: null };
  }
  if (pricePerUnit !== null) return { pricePerUnit, total: round(pricePerUnit * volumeL, 2), problem: null };
  if (total !== null) {
    if (volumeL === 0) return { problem: { field: "total", message: "cannot give a price per unit for a volume of 0" } };
    return { pricePerUnit: round(total / volumeL, 4), total, problem: null };
  }
  return { pricePerUnit: null, total: null, problem: null };
}
