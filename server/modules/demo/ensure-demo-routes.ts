// The demo's routes, with stops on the loops their vehicles really drive (demo-vehicles.ts), their drivers, the
// school route's passengers (each with their own link) and today's run of each route. Made through the routes, runs
// and passengers use cases when missing: a route by its number, its stops when it has none, passengers by external
// id, and a run for the day in the account's time zone, so every start on a new day adds that day's runs
// (ensureDemoRuns, also called by the demo fleet while it drives).
import { db } from "../../db/client";
import { addRouteStop } from "../routes/add-route-stop";
import { createRoute } from "../routes/create-route";
import { createRun } from "../runs/create-run";
import { createPassenger } from "../passengers/create-passenger";
import { ensurePassengerLinks } from "../passengers/ensure-passenger-links";
import { formatLocalDate, zonedParts } from "../time/zoned-time";
import { DEMO_SCHOOL_BUS, demoVehicle, waypointAhead } from "./demo-vehicles";

interface DemoStop {
  name: string;
  /** waypoints after where the route's vehicle starts, along its loop */
  ahead: number;
  time: string;
  kind: "pick-up" | "drop-off" | "both";
}

interface DemoRoute {
  routeNumber: string;
  name: string;
  vehicle: string;
  driver: string;
  startTime: string;
  endTime: string;
  stops: DemoStop[];
}

export const DEMO_ROUTES_SEEDED: readonly DemoRoute[] = [
  {
    routeNumber: "4",
    name: "Old Town school shuttle",
    vehicle: DEMO_SCHOOL_BUS,
    driver: "Ona Kazlauskienė",
    startTime: "07:00",
    endTime: "18:00",
    // the bus starts at Aušros Vartai, one stop before the school; the loop then goes east and north round the Old Town
    stops: [
      { name: "Maironio g.", ahead: 3, time: "07:05", kind: "pick-up" },
      { name: "Bernardinų sodas", ahead: 5, time: "07:12", kind: "pick-up" },
      { name: "Cathedral Square", ahead: 6, time: "07:16", kind: "pick-up" },
      { name: "Didžioji g.", ahead: 8, time: "07:22", kind: "pick-up" },
      { name: "Aušros Vartai", ahead: 9, time: "07:26", kind: "pick-up" },
      { name: "Old Town School", ahead: 10, time: "07:30", kind: "drop-off" },
    ],
  },
  {
    routeNumber: "2",
    name: "Žirmūnai shuttle",
    vehicle: "Minibus",
    driver: "Rūta Vaitkutė",
    startTime: "06:30",
    endTime: "19:00",
    stops: [
      { name: "Žirmūnų g.", ahead: 1, time: "06:35", kind: "both" },
      { name: "Kalvarijų g. north", ahead: 5, time: "06:50", kind: "both" },
      { name: "Kalvarijų g. south", ahead: 7, time: "06:58", kind: "both" },
    ],
  },
];

/** the school route's passengers: their pick-up stop by name, dropped off at the school */
export const DEMO_PASSENGERS = [
  { externalId: "demo-pupil-1", name: "Emilija B.", contactName: "Asta B.", contactEmail: "asta@demo.fleetline.local", pickup: "Maironio g." },
  { externalId: "demo-pupil-2", name: "Lukas S.", contactName: "Paulius S.", contactEmail: "paulius@demo.fleetline.local", pickup: "Cathedral Square" },
  { externalId: "demo-pupil-3", name: "Gabija R.", contactName: "Inga R.", contactEmail: "inga@demo.fleetline.local", pickup: "Didžioji g." },
  { externalId: "demo-pupil-4", name: "Matas K.", contactName: "Rimas K.", contactEmail: "rimas@demo.fleetline.local", pickup: "Aušros Vartai" },
] as const;

export async function ensureDemoRoutes(accountId: number, vehicles: Map<string, number>, drivers: Map<string, number>, now: number): Promise<void> {
  for (const route of DEMO_ROUTES_SEEDED) {
    const existing = await db().route.findFirst({ where: { accountId, routeNumber: route.routeNumber }, select: { id: true } });
    const routeId =
      existing?.id ??
      (
        await createRoute({
          accountId,
          routeNumber: route.routeNumber,
          name: route.name,
          assetId: vehicles.get(route.vehicle) ?? null,
          driverId: drivers.get(route.driver) ?? null,
          days: "Daily",
          startTime: route.startTime,
          endTime: route.endTime,
        })
      ).id;
    if ((await db().routeStop.count({ where: { routeId } })) === 0) {
      const vehicle = demoVehicle(route.vehicle);
      for (const stop of route.stops) {
        const [latitude, longitude] = waypointAhead(vehicle, stop.ahead);
        await addRouteStop({ accountId, routeId, name: stop.name, latitude, longitude, time: stop.time, kind: stop.kind });
      }
    }
    if (route.vehicle === DEMO_SCHOOL_BUS) await ensureDemoPassengers(accountId, routeId);
  }
  await ensureDemoRuns(accountId, now);
}

async function ensureDemoPassengers(accountId: number, routeId: number): Promise<void> {
  const stops = await db().routeStop.findMany({ where: { routeId }, select: { id: true, name: true } });
  const stopId = (name: string) => stops.find((stop) => stop.name === name)?.id ?? null;
  const have = new Set(
    (await db().passenger.findMany({ where: { accountId, externalId: { in: DEMO_PASSENGERS.map((p) => p.externalId) } }, select: { externalId: true } }))
      .map((passenger) => passenger.externalId),
  );
  for (const passenger of DEMO_PASSENGERS) {
    if (have.has(passenger.externalId)) continue;
    const { pickup, ...fields } = passenger;
    await createPassenger({ accountId, routeId, ...fields, pickupStopId: stopId(pickup), dropoffStopId: stopId("Old Town School") });
  }
  // each passenger's own link, as the dashboard shows and the welcome message would send it
  const ids = await db().passenger.findMany({ where: { accountId, routeId, trackingLink: null }, select: { id: true } });
  if (ids.length > 0) await ensurePassengerLinks({ accountId, passengerIds: ids.map((p) => p.id) });
}

/** today's run (in the account's time zone) of every demo route that has none */
export async function ensureDemoRuns(accountId: number, now: number): Promise<void> {
  const account = await db().account.findUniqueOrThrow({ where: { id: accountId }, select: { timeZone: true } });
  const date = formatLocalDate(zonedParts(now, account.timeZone));
  const routes = await db().route.findMany({
    where: { accountId, routeNumber: { in: DEMO_ROUTES_SEEDED.map((route) => route.routeNumber) } },
    select: { id: true, runs: { where: { date }, select: { id: true } } },
  });
  for (const route of routes) if (route.runs.length === 0) await createRun({ accountId, routeId: route.id, date });
}
