// Synthetic school runs for the ETA tests: one route of stops along a town road that bends (so the straight line
// between stops is shorter than the road, by a different share on each leg), driven day after day with realistic
// variation: each leg has its own speed (a residential street, an arterial road), traffic thickens towards 08:00,
// each day is a little faster or slower than the last and some are much slower (rain) or start late, red lights stop
// the bus on the way, stands at stops vary with the passengers, and a stop with nobody waiting is driven through.
// The bus's fixes (every `fixEveryS` seconds, with the speed it drives at) feed the real state machine.
import { prng } from "../simulator/simulated-vehicle";
import { advance, initialState, type Fix, type PlannedStop, type RunPlan, type RunProgressState } from "../modules/run-progress/run-progress";

const ORIGIN = { latitude: 54.68, longitude: 25.27 };

/** a point `east` and `north` metres from the origin */
export function pointAt(east: number, north: number) {
  return {
    latitude: ORIGIN.latitude + north / 111_195,
    longitude: ORIGIN.longitude + east / (111_195 * Math.cos((ORIGIN.latitude * Math.PI) / 180)),
  };
}

/** one leg of the road: east, then north (metres), at a free-flow speed (km/h) */
interface Leg {
  east: number;
  north: number;
  freeKmh: number;
}

export interface SyntheticRoute {
  stops: (PlannedStop & { name: string })[];
  legs: Leg[];
  /** the stops' usual stand (s) */
  dwellS: number[];
}

/** eleven stops over about 9 km of road; the last is the school */
export function syntheticRoute(): SyntheticRoute {
  const legs: Leg[] = [
    { east: 600, north: 400, freeKmh: 28 },
    { east: 900, north: 0, freeKmh: 40 },
    { east: 300, north: 500, freeKmh: 25 },
    { east: 0, north: 800, freeKmh: 32 },
    { east: 700, north: 700, freeKmh: 30 },
    { east: 1200, north: 0, freeKmh: 50 },
    { east: 400, north: 300, freeKmh: 22 },
    { east: 500, north: 600, freeKmh: 28 },
    { east: 900, north: 100, freeKmh: 45 },
    { east: 200, north: 400, freeKmh: 20 },
  ];
  const stops: SyntheticRoute["stops"] = [];
  let east = 0;
  let north = 0;
  const stop = (index: number) => ({ id: 100 + index, sequence: index + 1, name: `Stop ${index + 1}`, ...pointAt(east, north), radiusM: index === legs.length ? 150 : 75 });
  stops.push(stop(0));
  legs.forEach((leg, index) => {
    east += leg.east;
    north += leg.north;
    stops.push(stop(index + 1));
  });
  return { stops, legs, dwellS: [0, 25, 40, 20, 60, 25, 30, 45, 20, 35, 0] };
}

export interface SyntheticDay {
  /** local midnight of the day (the test's zone is UTC) */
  dayStart: number;
  fixes: Fix[];
  plan: RunPlan;
  kind: "usual" | "slow" | "late start";
}

const MINUTE = 60_000;

/** traffic: the share of the free-flow speed at a minute of the day, thickest at 08:00 */
function traffic(minute: number): number {
  return 1 - 0.4 * Math.exp(-(((minute - 480) / 30) ** 2));
}

/** day `index` (from 2026-09-01) of the route, with fixes every `fixEveryS` seconds */
export function syntheticDay(route: SyntheticRoute, index: number, kind: SyntheticDay["kind"], fixEveryS = 15): SyntheticDay {
  const random = prng(1000 + index); // the same days every time the test runs
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const dayStart = Date.UTC(2026, 8, 1) + index * 24 * 60 * MINUTE;
  const startMinute = 7 * 60 + 15; // planned 07:15
  const departMinute = startMinute + (kind === "late start" ? 25 : 0) + 2 * normal();
  const dayFactor = (kind === "slow" ? 0.72 : 1) * (1 + 0.05 * normal());

  // the bus's motion as pieces: [from ms, to ms, from (east, north), to (east, north), km/h]
  type Piece = { from: number; to: number; a: [number, number]; b: [number, number]; kmh: number };
  const pieces: Piece[] = [];
  let t = dayStart + departMinute * MINUTE;
  let at: [number, number] = [0, 0];
  const stand = (seconds: number) => {
    pieces.push({ from: t, to: t + seconds * 1000, a: at, b: at, kmh: 0 });
    t += seconds * 1000;
  };
  const drive = (to: [number, number], kmh: number) => {
    const metres = Math.hypot(to[0] - at[0], to[1] - at[1]);
    if (metres === 0) return;
    const seconds = metres / (kmh / 3.6);
    pieces.push({ from: t, to: t + seconds * 1000, a: at, b: to, kmh });
    t += seconds * 1000;
    at = to;
  };
  stand(120); // waiting at the first stop before leaving
  route.legs.forEach((leg, legIndex) => {
    const kmh = leg.freeKmh * dayFactor * traffic((t - dayStart) / MINUTE) * (1 + 0.06 * normal());
    const corner: [number, number] = [at[0] + leg.east, at[1]];
    const end: [number, number] = [corner[0], corner[1] + leg.north];
    // a red light on the way, somewhere along the first part of the leg
    if (random() < 0.45 && leg.east > 0) {
      const share = 0.3 + 0.4 * random();
      drive([at[0] + leg.east * share, at[1]], kmh);
      stand(15 + 40 * random());
    }
    drive(corner, kmh);
    drive(end, kmh);
    const stop = legIndex + 1;
    if (stop === route.legs.length) {
      stand(300); // at the school
      return;
    }
    const nobody = random() < 0.1;
    if (!nobody) stand(Math.max(8, route.dwellS[stop]! * (0.6 + 0.8 * random())));
  });

  const fixes: Fix[] = [];
  const first = pieces[0]!.from;
  const last = pieces.at(-1)!.to;
  for (let fixAt = first; fixAt <= last; fixAt += fixEveryS * 1000) {
    const piece = pieces.find((candidate) => fixAt >= candidate.from && fixAt <= candidate.to) ?? pieces.at(-1)!;
    const share = piece.to === piece.from ? 0 : (fixAt - piece.from) / (piece.to - piece.from);
    const east = piece.a[0] + share * (piece.b[0] - piece.a[0]);
    const north = piece.a[1] + share * (piece.b[1] - piece.a[1]);
    fixes.push({ at: fixAt, ...pointAt(east, north), speedKmh: piece.kmh, doorOpen: false });
  }
  const plan: RunPlan = {
    stops: route.stops,
    watchFrom: dayStart + (startMinute - 30) * MINUTE,
    finishBy: dayStart + (startMinute + 90 + 30) * MINUTE,
    cancelled: false,
  };
  return { dayStart, fixes, plan, kind };
}

/** the state machine over a day's fixes: every state after each fix, the last one the finished run */
export function driveDay(day: SyntheticDay): RunProgressState[] {
  const states: RunProgressState[] = [];
  let state = initialState(day.plan);
  for (const fix of day.fixes) {
    state = advance(day.plan, state, fix).state;
    states.push(state);
  }
  return states;
}
