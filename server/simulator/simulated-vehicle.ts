// One simulated vehicle: drives a loop, stops at junctions, parks with the ignition off, and reports the IO a real
// FMB with an LV-CAN200 would (ignition, movement, voltages, GSM/GNSS quality, CAN speed, RPM, fuel, mileage, engine
// temperature, door status, program number) and, while a driver is in, the driver's iButton key (IO 78). Deterministic
// for a given seed, so tests can rely on it. Its records are Teltonika's; the GT06 and OsmAnd links (device-link.ts)
// send what their protocol carries of them. The demo places each vehicle (where on its loop it starts, how it behaves
// and who drives it: demo-vehicles.ts). Its tracker answers commands as an FMB with a CAN adapter does: `setparam` and
// `getparam` from its configuration memory (the authorised-driver sync), the rest from its CAN adapter.
import { haversineMeters } from "../modules/positions/geo";
import type { DemoBehaviour } from "../modules/demo/demo-vehicles";
import { SimulatedCanAdapter } from "./simulated-can-adapter";
import { FmbParameterMemory } from "./fmb-parameter-memory";
import type { RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";
import { IO } from "../tracker/protocols/teltonika/io-elements";
import type { Waypoint } from "../modules/demo/demo-routes";

type Phase = "driving" | "stopped" | "parked";

export interface VehiclePlan {
  /** the waypoint it starts from; default: one the seed picks */
  start?: number;
  /** default "drives" */
  behaviour?: DemoBehaviour;
  /**
   * the iButton keys (16 hex digits, as the tracker reports them) of the vehicle's drivers: each trip, from ignition on
   * to ignition off, is driven by the next of them in turn, whose key rides in IO 78; default: nobody presents a key
   */
  driverKeys?: readonly string[];
}

/** the program number every simulated adapter holds (a Volkswagen group scheme's, as a real one would) */
const PROGRAM_NUMBER = 1063;
/** how long a `parked` vehicle's phase lasts before it is extended: it never ends */
const FOREVER_MS = Number.MAX_SAFE_INTEGER;

/** small seeded PRNG (mulberry32): the same seed drives the same way */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function bearing(a: Waypoint, b: Waypoint): number {
  const toRad = Math.PI / 180;
  const y = Math.sin((b[1] - a[1]) * toRad) * Math.cos(b[0] * toRad);
  const x = Math.cos(a[0] * toRad) * Math.sin(b[0] * toRad) - Math.sin(a[0] * toRad) * Math.cos(b[0] * toRad) * Math.cos((b[1] - a[1]) * toRad);
  return (Math.atan2(y, x) / toRad + 360) % 360;
}

export class SimulatedVehicle {
  private readonly random: () => number;
  private segment = 0;
  private along = 0; // metres along the current segment
  private phase: Phase = "parked";
  private phaseLeftMs: number;
  private speed = 0; // km/h
  private mileage: number; // metres
  private fuelLiters: number;
  private engineTemp = 12; // °C
  private latitude: number;
  private longitude: number;
  private angle = 0;
  private readonly behaviour: DemoBehaviour;
  private readonly driverKeys: readonly string[];
  /** trips started so far: which driver's turn it is */
  private trips = 0;
  /** the key of the driver in the vehicle, as IO 78 carries it; null while parked or driven without a key */
  private driverKey: bigint | null = null;
  /** answers the CAN adapter's Codec 12 commands */
  readonly adapter = new SimulatedCanAdapter(PROGRAM_NUMBER);
  /** the tracker's configuration: answers setparam and getparam (the authorised-driver sync's commands) */
  readonly parameters = new FmbParameterMemory();

  constructor(
    readonly imei: string,
    private readonly route: readonly Waypoint[],
    seed: number,
    plan: VehiclePlan = {},
  ) {
    this.random = prng(seed);
    const picked = Math.floor(this.random() * route.length);
    this.segment = plan.start === undefined ? picked : plan.start % route.length;
    this.behaviour = plan.behaviour ?? "drives";
    this.driverKeys = plan.driverKeys ?? [];
    [this.latitude, this.longitude] = route[this.segment]!;
    this.mileage = 40_000_000 + Math.floor(this.random() * 80_000_000);
    this.fuelLiters = 25 + this.random() * 30;
    // parked briefly (so the first record has the ignition off and switching it on is a change), then off it goes
    this.phaseLeftMs = this.behaviour === "parked" ? FOREVER_MS : 2_000 + this.random() * 8_000;
  }

  /** the tracker's answer to a Codec 12 command from the server */
  answer(command: string): string {
    return this.parameters.understands(command) ? this.parameters.answer(command) : this.adapter.answer(command);
  }

  /** advances the vehicle by `dtMs` and returns the record a device would log at `now` */
  step(now: number, dtMs: number): RecordToEncode {
    this.phaseLeftMs -= dtMs;
    if (this.phaseLeftMs <= 0) this.nextPhase();
    const ignition = this.phase !== "parked";

    const cruising = this.behaviour === "speeds" ? 58 + this.random() * 22 : 25 + this.random() * 35;
    const target = this.phase === "driving" ? cruising : 0;
    this.speed = Math.max(0, this.speed + Math.max(-25, Math.min(15, target - this.speed)) * Math.min(1, dtMs / 4000));
    if (this.phase !== "driving" && this.speed < 3) this.speed = 0;
    this.advance((this.speed / 3.6) * (dtMs / 1000));

    if (ignition) {
      this.engineTemp = Math.min(90, this.engineTemp + dtMs / 4000);
      this.fuelLiters = Math.max(2, this.fuelLiters - (this.speed > 0 ? 0.00012 : 0.00003) * (dtMs / 100));
    } else {
      this.engineTemp = Math.max(8, this.engineTemp - dtMs / 20000);
    }
    const rpm = ignition ? Math.round(750 + this.speed * 32 + this.random() * 60) : 0;

    return {
      timestamp: now,
      priority: 0,
      latitude: Math.round(this.latitude * 1e7) / 1e7,
      longitude: Math.round(this.longitude * 1e7) / 1e7,
      altitude: 110 + Math.round(this.random() * 20),
      angle: Math.round(this.angle) % 360,
      satellites: 8 + Math.floor(this.random() * 7),
      speed: Math.round(this.speed),
      eventIoId: 0,
      io: {
        u8: {
          [IO.IGNITION]: ignition ? 1 : 0,
          [IO.MOVEMENT]: this.speed > 0 ? 1 : 0,
          [IO.GSM_SIGNAL]: 3 + Math.floor(this.random() * 3),
          [IO.GNSS_STATUS]: 1,
          81: Math.round(this.speed), // CAN vehicle speed, km/h
          89: Math.round((this.fuelLiters / 60) * 100), // CAN fuel level, %
          662: this.adapter.closed ? 1 : 0, // CAN central lock closed (canSsfCarIsClosed)
        },
        u16: {
          [IO.EXTERNAL_VOLTAGE]: ignition ? 13_900 + Math.floor(this.random() * 300) : 12_450 + Math.floor(this.random() * 100),
          [IO.BATTERY_VOLTAGE]: 4_050 + Math.floor(this.random() * 50),
          181: 9 + Math.floor(this.random() * 6), // PDOP x10
          182: 7 + Math.floor(this.random() * 5), // HDOP x10
          84: Math.round(this.fuelLiters * 10), // CAN fuel level, 0.1 l
          85: rpm, // CAN engine RPM
          115: Math.round(this.engineTemp * 10), // CAN engine temperature, 0.1 °C
          90: 0, // CAN door status: all closed
        },
        u32: {
          87: Math.round(this.mileage), // CAN total mileage, m
          100: this.adapter.programNumber, // CAN program number
        },
        // the 64-bit key id, sent as its 8 bytes in wire order (the decoder names it `iButton`, 16 hex digits)
        ...(this.driverKey === null ? {} : { u64: { [IO.IBUTTON]: this.driverKey } }),
      },
    };
  }

  private nextPhase() {
    if (this.behaviour === "parked") {
      this.phaseLeftMs = FOREVER_MS;
      return;
    }
    const r = this.random();
    if (this.phase === "driving") {
      this.phase = r < 0.75 ? "stopped" : "parked";
      this.phaseLeftMs = this.phase === "stopped" ? 10_000 + this.random() * 30_000 : 45_000 + this.random() * 90_000;
    } else {
      if (this.phase === "parked") this.driverGetsIn();
      this.phase = "driving";
      this.phaseLeftMs = 60_000 + this.random() * 180_000;
    }
    if (this.phase === "parked") this.driverKey = null; // ignition off: the driver takes the key out and leaves
  }

  /** the next driver in turn presents their key as the ignition goes on */
  private driverGetsIn() {
    const key = this.driverKeys[this.trips++ % this.driverKeys.length];
    this.driverKey = key === undefined ? null : BigInt(`0x${key}`);
  }

  private advance(metres: number) {
    let left = metres;
    this.mileage += metres;
    while (left > 0) {
      const a = this.route[this.segment]!;
      const b = this.route[(this.segment + 1) % this.route.length]!;
      const length = haversineMeters(a[0], a[1], b[0], b[1]);
      this.angle = bearing(a, b);
      if (this.along + left < length) {
        this.along += left;
        left = 0;
      } else {
        left -= length - this.along;
        this.along = 0;
        this.segment = (this.segment + 1) % this.route.length;
      }
      const a2 = this.route[this.segment]!;
      const b2 = this.route[(this.segment + 1) % this.route.length]!;
      const len2 = haversineMeters(a2[0], a2[1], b2[0], b2[1]) || 1;
      const f = this.along / len2;
      this.latitude = a2[0] + (b2[0] - a2[0]) * f;
      this.longitude = a2[1] + (b2[1] - a2[1]) * f;
    }
  }
}
