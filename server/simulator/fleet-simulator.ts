// Drives N simulated vehicles against a tracker listener over the chosen protocol (Teltonika TCP by default, GT06
// TCP or OsmAnd HTTP, device-link.ts): one record per vehicle per interval, and now and then a coverage gap after
// which the buffered records go out together (one multi-record packet for Teltonika, back to back for the others).
import { DEMO_ROUTES } from "./demo-routes";
import { DeviceRefusedError } from "./device-refused-error";
import { createDeviceLink, type DeviceLink, type SimulatorProtocol } from "./device-link";
import { SimulatedVehicle } from "./simulated-vehicle";
import { simulatedImei } from "../modules/assets/imei";

export interface FleetSimulatorOptions {
  /** the devices' identifiers: IMEIs for Teltonika and GT06, device ids for OsmAnd phones */
  imeis: string[];
  /** default teltonika */
  protocol?: SimulatorProtocol;
  host: string;
  port: number;
  intervalMs: number;
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

export class FleetSimulator {
  private timer: NodeJS.Timeout | undefined;
  private readonly vehicles: { vehicle: SimulatedVehicle; client: DeviceLink; buffer: ReturnType<SimulatedVehicle["step"]>[]; gapTicks: number; busy: boolean; refused: boolean }[];
  readonly stats: FleetStats;

  constructor(private readonly options: FleetSimulatorOptions) {
    this.vehicles = options.imeis.map((imei, i) => ({
      vehicle: new SimulatedVehicle(imei, DEMO_ROUTES[i % DEMO_ROUTES.length]!, Number(imei.slice(-6)) || i + 1),
      client: createDeviceLink(options.protocol ?? "teltonika", imei, options.host, options.port),
      buffer: [],
      gapTicks: 0,
      busy: false,
      refused: false,
    }));
    this.stats = { vehicles: options.imeis.length, packets: 0, records: 0, refused: 0, rejected: 0, bufferedPackets: 0 };
  }

  start(): void {
    let last = Date.now();
    const tick = () => {
      const now = Date.now();
      const dt = now - last;
      last = now;
      for (const v of this.vehicles) if (!v.refused) this.tickVehicle(v, now, dt);
      this.options.onProgress?.(this.stats);
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    for (const v of this.vehicles) v.client.close();
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
    v.client
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
      });
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
