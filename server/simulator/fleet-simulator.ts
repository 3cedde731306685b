// Drives N simulated vehicles against a tracker listener over the chosen protocol (Teltonika TCP by default, GT06
// TCP or OsmAnd HTTP, device-link.ts): one record per vehicle per interval, and now and then a coverage gap after
// which the buffered records go out together (one multi-record packet for Teltonika, back to back for the others).
// Each vehicle may speak its own protocol to its own port and follow its own plan (the demo fleet's mix); Teltonika
// vehicles answer the server's commands as an FMB with a CAN adapter does (simulated-vehicle.ts). Time comes from a
// clock, so tests drive minutes of simulated driving without waiting them.
import { DEMO_ROUTES } from "../modules/demo/demo-routes";
import type { Clock, ClockTimer } from "../modules/stream/clock";
import { DeviceRefusedError } from "./device-refused-error";
import { createDeviceLink, type DeviceLink, type SimulatorProtocol } from "./device-link";
import { SimulatedVehicle, type VehiclePlan } from "./simulated-vehicle";
import { simulatedImei } from "../modules/assets/imei";

/** one simulated device with a protocol, port and plan of its own */
export interface SimulatedDevice {
  /** the IMEI (Teltonika, GT06) or the phone's device id (OsmAnd) */
  id: string;
  protocol: SimulatorProtocol;
  port: number;
  /** index into DEMO_ROUTES; default: the device's place in the list, round the loops */
  route?: number;
  plan?: VehiclePlan;
}

export interface FleetSimulatorOptions {
  /** the devices' identifiers, all on `protocol` and `port`: IMEIs for Teltonika and GT06, device ids for OsmAnd phones */
  imeis?: string[];
  /** default teltonika */
  protocol?: SimulatorProtocol;
  host: string;
  port?: number;
  /** devices each with their own protocol, port and plan (after `imeis`'s) */
  devices?: SimulatedDevice[];
  intervalMs: number;
  /** default: the system clock */
  clock?: Clock;
  /** chance per tick that a vehicle loses coverage for a while (records are buffered, then sent together) */
  gapChance?: number;
  onProgress?: (stats: FleetStats) => void;
  onRefused?: (imei: string) => void;
  /** the server refused positions of this device as malformed (they are dropped, not sent again) */
  onRejected?: (imei: string, rejected: number, reason: string) => void;
}

export interface FleetStats {
  vehicles: number;
  packets: number;
  records: number;
  refused: number;
  /** positions the server refused as malformed */
  rejected: number;
  bufferedPackets: number;
}

/** real time; its timers keep the process alive, as the simulator's driving is what a `fleet simulate` run is for */
const realTime: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

export class FleetSimulator {
  private timer: ClockTimer | undefined;
  private stopped = false;
  private readonly clock: Clock;
  private readonly sending = new Set<Promise<void>>();
  private readonly vehicles: { vehicle: SimulatedVehicle; client: DeviceLink; buffer: ReturnType<SimulatedVehicle["step"]>[]; gapTicks: number; busy: boolean; refused: boolean }[];
  readonly stats: FleetStats;

  constructor(private readonly options: FleetSimulatorOptions) {
    this.clock = options.clock ?? realTime;
    const shared = (options.imeis ?? []).map((id): SimulatedDevice => ({ id, protocol: options.protocol ?? "teltonika", port: options.port ?? 0 }));
    const devices = [...shared, ...(options.devices ?? [])];
    this.vehicles = devices.map((device, i) => {
      const route = DEMO_ROUTES[(device.route ?? i) % DEMO_ROUTES.length]!;
      const vehicle = new SimulatedVehicle(device.id, route, Number(device.id.slice(-6)) || i + 1, device.plan);
      const answer = (command: string) => vehicle.answer(command);
      return {
        vehicle,
        client: createDeviceLink(device.protocol, device.id, options.host, device.port, answer),
        buffer: [],
        gapTicks: 0,
        busy: false,
        refused: false,
      };
    });
    this.stats = { vehicles: devices.length, packets: 0, records: 0, refused: 0, rejected: 0, bufferedPackets: 0 };
  }

  start(): void {
    let last = this.clock.now();
    const tick = () => {
      if (this.stopped) return;
      const now = this.clock.now();
      const dt = now - last;
      last = now;
      for (const v of this.vehicles) if (!v.refused) this.tickVehicle(v, now, dt);
      this.options.onProgress?.(this.stats);
      this.timer = this.clock.setTimeout(tick, this.options.intervalMs);
    };
    tick();
  }

  /** stops at once: packets still waiting for the server's answer are given up */
  stop(): void {
    this.stopped = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    for (const v of this.vehicles) v.client.close();
  }

  /**
   * stops driving, then gives the packets already sent up to `graceMs` to be answered before closing: a run that ends
   * right after a login reports the refusal or acknowledgement that was on its way instead of losing it
   */
  async finish(graceMs: number): Promise<void> {
    this.stopped = true;
    if (this.timer) this.clock.clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([this.idle(), graceOver]);
    clearTimeout(timer);
    this.stop();
  }

  /** resolves once no packet is on its way to the server (each taken, refused or given up) */
  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
  }

  private tickVehicle(v: FleetSimulator["vehicles"][number], now: number, dt: number) {
    v.buffer.push(v.vehicle.step(now, dt));
    if (v.gapTicks > 0) {
      v.gapTicks--;
      return;
    }
    if (Math.random() < (this.options.gapChance ?? 0.002)) {
      v.gapTicks = 5 + Math.floor(Math.random() * 10);
      return;
    }
    if (v.busy) return; // the previous packet is still waiting for its ack: keep buffering, like a device
    const records = v.buffer.splice(0, 50);
    v.busy = true;
    const sent: Promise<void> = v.client
      .send(records)
      .then((rejections) => {
        const rejected = rejections?.rejected ?? 0;
        if (rejections) {
          this.stats.rejected += rejected;
          this.options.onRejected?.(v.vehicle.imei, rejected, rejections.reason);
        }
        this.stats.packets++;
        this.stats.records += records.length - rejected;
        if (records.length > 1) this.stats.bufferedPackets++;
      })
      .catch((error) => {
        if (error instanceof DeviceRefusedError) {
          v.refused = true;
          this.stats.refused++;
          this.options.onRefused?.(v.vehicle.imei);
        } else {
          v.buffer.unshift(...records); // not acknowledged: send again with the next packet
        }
      })
      .finally(() => {
        v.busy = false;
        this.sending.delete(sent);
      });
    this.sending.add(sent);
  }
}

/**
 * The identifier of simulated vehicle `index` for a protocol: Teltonika keeps the original IMEIs, GT06 IMEIs come
 * from a block of indexes of their own (a tracker is registered for one protocol, so the two must never meet), and
 * phones get readable device ids. `prefix` is simulatedImei's; `scope` tells phone ids of different accounts apart.
 */
export function simulatedDeviceId(protocol: SimulatorProtocol, index: number, prefix?: string, scope?: number): string {
  if (protocol === "gt06") return simulatedImei(GT06_INDEX_OFFSET + index, prefix);
  if (protocol === "osmand") return `sim-phone-${scope === undefined ? "" : `${scope}-`}${index + 1}`;
  return simulatedImei(index, prefix);
}

/** GT06 simulated vehicles' indexes start here: above any Teltonika index (--vehicles is at most 10,000) */
const GT06_INDEX_OFFSET = 2_000_000;
