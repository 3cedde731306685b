// The demo fleet, vehicle by vehicle: what the seed registers (name, plate, make, tracker protocol, CAN adapter) and
// how the simulator drives it (which loop, where it starts, how it behaves). One list for both, so the depot, the
// school, the route's stops and the alert rules the seed places on the loops meet the vehicles where they really
// drive, and the alerts page fills within the first minutes of every start.
import { simulatedImei } from "../assets/imei";
import { DEMO_ROUTES, type Waypoint } from "./demo-routes";
import { type DemoDriverName, demoDriver } from "./demo-drivers";

/** IMEIs of the demo's simulated trackers (a prefix no real device uses). */
export const DEMO_IMEI_PREFIX = "3500000";

/**
 * how a simulated vehicle behaves: `drives` stops and parks now and then at city speeds, `speeds` does the same but
 * cruises above the speed limit the overspeed rule watches, `parked` stands at its start with the ignition off (the
 * vehicle whose doors the demo lets people lock and unlock: commands are refused while a vehicle moves)
 */
export type DemoBehaviour = "drives" | "speeds" | "parked";

export interface DemoVehicle {
  name: string;
  plate: string;
  brand: string;
  model: string;
  protocol: "teltonika" | "gt06" | "osmand";
  adapter: "lv-can200" | "can-control" | null;
  /** index into DEMO_ROUTES */
  route: number;
  /** the waypoint of its loop the vehicle starts from on every start of the server */
  start: number;
  behaviour: DemoBehaviour;
  /** the tracker's IMEI (Teltonika, GT06); null for the phone, whose device id is generated (a strong one) */
  imei: string | null;
  /**
   * who drives it, trip by trip in turn, presenting their iButton key (Teltonika trackers only: the others carry no
   * IO 78); the seed puts their keys on its authorised drivers list. Never with the immobiliser on: the demo leaves
   * the tracker's immobiliser scenario off, so a visitor's edits of a list never keep a vehicle from starting.
   */
  drivers: readonly DemoDriverName[];
}

/** the speed limit of the seeded overspeed rule, km/h; the vehicle that `speeds` cruises above it */
export const DEMO_SPEED_LIMIT_KMH = 60;

function imei(index: number): string {
  return simulatedImei(index, DEMO_IMEI_PREFIX);
}

/** The demo fleet. The first six keep the IMEIs (by index) earlier versions seeded, so old demo databases match. */
export const DEMO_VEHICLES: readonly DemoVehicle[] = [
  // starts parked at the depot, then leaves it: a geofence exit and an ignition-on alert in the first minute
  { name: "Van 1", plate: "FL-101-DM", brand: "Ford", model: "Transit", protocol: "teltonika", adapter: "lv-can200", route: 0, start: 0, behaviour: "drives", imei: imei(0), drivers: ["Jonas Petraitis"] },
  { name: "Van 2", plate: "FL-102-DM", brand: "Mercedes-Benz", model: "Sprinter", protocol: "teltonika", adapter: "lv-can200", route: 1, start: 0, behaviour: "speeds", imei: imei(1), drivers: ["Tomas Žukauskas"] },
  { name: "Minibus", plate: "FL-201-DM", brand: "Volkswagen", model: "Crafter", protocol: "teltonika", adapter: "lv-can200", route: 2, start: 0, behaviour: "drives", imei: imei(2), drivers: ["Rūta Vaitkutė"] },
  // starts one stop before the school, so it arrives there (a geofence entry) within the first minutes
  { name: "School Bus 4", plate: "FL-204-DM", brand: "Iveco", model: "Daily", protocol: "teltonika", adapter: "lv-can200", route: 3, start: 3, behaviour: "drives", imei: imei(3), drivers: ["Ona Kazlauskienė"] },
  // the control demo: a CAN-CONTROL adapter on a car whose vehicle profile supports lock and unlock, parked at the
  // depot; no authorised drivers, so its tracker gets no commands but the control demo's
  { name: "Car 7", plate: "FL-307-DM", brand: "Toyota", model: "Corolla", protocol: "teltonika", adapter: "can-control", route: 0, start: 0, behaviour: "parked", imei: imei(4), drivers: [] },
  // shared: its trips alternate between two drivers
  { name: "Pickup 9", plate: "FL-409-DM", brand: "Nissan", model: "Navara", protocol: "teltonika", adapter: "lv-can200", route: 0, start: 6, behaviour: "drives", imei: imei(5), drivers: ["Jonas Petraitis", "Tomas Žukauskas"] },
  { name: "Tow Truck 3", plate: "FL-503-DM", brand: "Isuzu", model: "N-Series", protocol: "gt06", adapter: null, route: 2, start: 5, behaviour: "drives", imei: imei(100), drivers: [] },
  { name: "Courier phone", plate: "FL-601-DM", brand: "Samsung", model: "Galaxy A54", protocol: "osmand", adapter: null, route: 1, start: 6, behaviour: "drives", imei: null, drivers: [] },
];

/** the demo vehicle whose passengers follow it through a public tracking link, and who runs the school route */
export const DEMO_SCHOOL_BUS = "School Bus 4";
/** the demo vehicle fitted for remote lock and unlock */
export const DEMO_CONTROL_VEHICLE = "Car 7";

export function demoVehicle(name: string): DemoVehicle {
  const vehicle = DEMO_VEHICLES.find((v) => v.name === name);
  if (!vehicle) throw new Error(`no demo vehicle ${name}`);
  return vehicle;
}

/** the iButton keys of the vehicle's drivers, in the order they take turns */
export function demoDriverKeys(vehicle: DemoVehicle): string[] {
  return vehicle.drivers.map((name) => demoDriver(name).keyId);
}

/** the waypoint `offset` places after where the vehicle starts, along its loop */
export function waypointAhead(vehicle: DemoVehicle, offset: number): Waypoint {
  const loop = DEMO_ROUTES[vehicle.route]!;
  return loop[(vehicle.start + offset) % loop.length]!;
}
