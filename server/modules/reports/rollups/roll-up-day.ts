// One asset's figures for one local day, pure (docs/reports-engine.md "Time attribution"). Input: the fixes inside
// the day [start, end) in time order, the last fix before it and the first one after it.
//   - Time: the interval between two consecutive fixes belongs to the state of the first (fix-pair-rules.ts), cut
//     at the day's bounds, so a day holds exactly the part of each interval inside it (a 25-hour DST day can hold
//     25 hours). A gap's time is in no state (gap_s); a gap is counted in every day it overlaps.
//   - Distance: a pair's distance belongs to the day of its second fix, so the pair from the previous day's last fix
//     to this day's first one is this day's, and day sums match odometer differences between days' last fixes.
//   - Temperature: each valid reading holds until the next fix (at most the gap threshold); its seconds go to a
//     histogram keyed by the reading (°C with two decimals), so any range's out-of-range time is exact later.
import { PAIR_RULES, fixState, isGap, pairDistance, pairFuel } from "./fix-pair-rules";
import { odometerKm, type ReportFix } from "./report-fix";
import { isSentinelReading } from "./temperature-sensors";

export interface SensorDay {
  count: number;
  sum: number;
  min: number | null;
  max: number | null;
  first: [number, number] | null; // [epoch ms, °C]
  last: [number, number] | null;
  errors: number;
  /** seconds spent at each reading, keyed by °C with two decimals */
  seconds: Record<string, number>;
}

export interface DayFigures {
  distanceM: number;
  canM: number;
  trackerM: number;
  gpsM: number;
  drivingS: number;
  idlingS: number;
  parkedS: number;
  engineS: number;
  gapS: number;
  gaps: number;
  maxSpeed: number;
  firstFix: number | null;
  lastFix: number | null;
  firstOdometerKm: number | null;
  lastOdometerKm: number | null;
  positions: number;
  odometerResets: number;
  jumps: number;
  fuelUsedL: number | null;
  temperatures: Record<string, SensorDay>;
}

function sensorDay(temperatures: Record<string, SensorDay>, name: string): SensorDay {
  return (temperatures[name] ??= { count: 0, sum: 0, min: null, max: null, first: null, last: null, errors: 0, seconds: {} });
}

export function rollUpDay(input: {
  start: number;
  end: number;
  before: ReportFix | null;
  fixes: ReportFix[];
  after: ReportFix | null;
}): DayFigures {
  const { start, end, fixes } = input;
  const figures: DayFigures = {
    distanceM: 0,
    canM: 0,
    trackerM: 0,
    gpsM: 0,
    drivingS: 0,
    idlingS: 0,
    parkedS: 0,
    engineS: 0,
    gapS: 0,
    gaps: 0,
    maxSpeed: 0,
    firstFix: fixes[0]?.time ?? null,
    lastFix: fixes.at(-1)?.time ?? null,
    firstOdometerKm: null,
    lastOdometerKm: null,
    positions: fixes.length,
    odometerResets: 0,
    jumps: 0,
    fuelUsedL: null,
    temperatures: {},
  };
  for (const fix of fixes) {
    if (fix.speed > figures.maxSpeed) figures.maxSpeed = fix.speed;
    const km = odometerKm(fix);
    if (km !== null) {
      figures.firstOdometerKm ??= km;
      figures.lastOdometerKm = km;
    }
    if (fix.temps) {
      for (const name in fix.temps) {
        const value = fix.temps[name]!;
        const sensor = sensorDay(figures.temperatures, name);
        if (isSentinelReading(name, value)) {
          sensor.errors++;
          continue;
        }
        sensor.count++;
        sensor.sum += value;
        sensor.min = sensor.min === null ? value : Math.min(sensor.min, value);
        sensor.max = sensor.max === null ? value : Math.max(sensor.max, value);
        sensor.first ??= [fix.time, value];
        sensor.last = [fix.time, value];
      }
    }
  }
  const sequence = [...(input.before ? [input.before] : []), ...fixes, ...(input.after ? [input.after] : [])];
  for (let i = 0; i + 1 < sequence.length; i++) {
    const a = sequence[i]!;
    const b = sequence[i + 1]!;
    const seconds = (Math.min(b.time, end) - Math.max(a.time, start)) / 1000;
    if (seconds > 0) {
      if (isGap(a, b)) {
        figures.gapS += seconds;
        figures.gaps++;
      } else {
        const state = fixState(a);
        if (state === "driving") figures.drivingS += seconds;
        else if (state === "idling") figures.idlingS += seconds;
        else figures.parkedS += seconds;
        if (a.ignition === true) figures.engineS += seconds;
      }
      if (a.temps) {
        // a reading holds until the next fix, at most the gap threshold
        const held = (Math.min(b.time, end, a.time + PAIR_RULES.gapMs) - Math.max(a.time, start)) / 1000;
        for (const name in a.temps) {
          const value: number = a.temps[name]!;
          if (held <= 0 || isSentinelReading(name, value)) continue;
          const key = value.toFixed(2);
          const sensor = sensorDay(figures.temperatures, name);
          sensor.seconds[key] = (sensor.seconds[key] ?? 0) + held;
        }
      }
    }
    if (b.time >= start && b.time < end) {
      const step = pairDistance(a, b);
      figures.distanceM += step.metres;
      if (step.source === "can") figures.canM += step.metres;
      else if (step.source === "tracker") figures.trackerM += step.metres;
      else figures.gpsM += step.metres;
      if (step.reset) figures.odometerResets++;
      if (step.jump) figures.jumps++;
      const litres = pairFuel(a, b);
      if (litres !== null) figures.fuelUsedL = (figures.fuelUsedL ?? 0) + litres;
    }
  }
  return figures;
}
