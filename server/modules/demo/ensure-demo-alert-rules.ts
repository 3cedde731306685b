// The demo's places and alert rules, placed where the simulated vehicles really drive (demo-vehicles.ts), so alerts
// fire by themselves within the first minutes of every start: Van 1 leaves the depot it starts in, School Bus 4
// reaches the school one stop ahead of where it starts, Van 2 cruises above the limit, and every driving vehicle
// switches its ignition on after a short first stop (and, between 22:00 and 06:00, the night watch hears it too). Made through the geofence and alert-rule use cases when the
// demo account has none of that name.
import { db } from "../../db/client";
import { createAlertRule } from "../alerts/create-alert-rule";
import { createGeofence } from "../geofences/create-geofence";
import { DEMO_SCHOOL_BUS, DEMO_SPEED_LIMIT_KMH, demoVehicle, waypointAhead } from "./demo-vehicles";

const [depotLatitude, depotLongitude] = waypointAhead(demoVehicle("Van 1"), 0);
const [schoolLatitude, schoolLongitude] = waypointAhead(demoVehicle(DEMO_SCHOOL_BUS), 1);

export const DEMO_GEOFENCES = [
  { name: "Depot", shape: "circle", center: { latitude: depotLatitude, longitude: depotLongitude }, radius_m: 100 },
  { name: "Old Town School", shape: "circle", center: { latitude: schoolLatitude, longitude: schoolLongitude }, radius_m: 100 },
] as const;

/** the rule names, as the alerts page shows them */
export const DEMO_RULES = {
  overspeed: `Speeding over ${DEMO_SPEED_LIMIT_KMH} km/h`,
  depot: "Depot arrivals and departures",
  school: "School zone arrivals and departures",
  ignition: "Ignition switched on",
  nightIgnition: "Ignition at night",
} as const;

export async function ensureDemoAlertRules(accountId: number): Promise<void> {
  const geofences = new Map<string, number>();
  const existingFences = await db().geofence.findMany({ where: { accountId }, select: { id: true, name: true }, orderBy: { id: "asc" } });
  for (const fence of existingFences) if (!geofences.has(fence.name)) geofences.set(fence.name, fence.id);
  for (const fence of DEMO_GEOFENCES) {
    if (!geofences.has(fence.name)) geofences.set(fence.name, (await createGeofence({ accountId, body: fence })).id);
  }

  const bodies = [
    { name: DEMO_RULES.overspeed, type: "OVERSPEED", params: { speed_kmh: DEMO_SPEED_LIMIT_KMH, min_duration_s: 0 }, cooldown_s: 300 },
    { name: DEMO_RULES.depot, type: "GEOFENCE", params: { geofence_id: geofences.get("Depot")!, trigger: "both" } },
    {
      name: DEMO_RULES.school,
      type: "GEOFENCE",
      params: { geofence_id: geofences.get("Old Town School")!, trigger: "both" },
      // the admins' inbox hears of it, so the bell has something to show too
      notify: { channels: ["in_app"], roles: ["admin"] },
    },
    { name: DEMO_RULES.ignition, type: "IGNITION", params: { trigger: "on" }, cooldown_s: 300 },
    // the classic theft watch: only at night in the account's time zone, so by day it shows the rule but stays quiet
    { name: DEMO_RULES.nightIgnition, type: "IGNITION", params: { trigger: "on" }, cooldown_s: 300, active_hours: { from: "22:00", to: "06:00" } },
  ];
  const existingRules = new Set(
    (await db().alertRule.findMany({ where: { accountId }, select: { name: true } })).map((rule) => rule.name),
  );
  for (const body of bodies) if (!existingRules.has(body.name)) await createAlertRule({ accountId, body });
}
