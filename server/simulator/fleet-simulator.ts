// Drives N simulated vehicles over real TCP against a Teltonika listener: one record per vehicle per interval,
// and now and then a coverage gap after which the buffered records go out in one multi-record packet.
import { DEMO_ROUTES } from "./demo-routes";
import { DeviceClient, DeviceRefusedError } from "./device-client";
import { SimulatedVehicle } from "./simulated-vehicle";

export interface FleetSimulatorOptions {
  imeis: string[];
  host: string;
  port: number;
  intervalMs: number;
  /** chance per tick that a vehicle loses coverage for a while (records are buffered, then sent together) */
  gapChance?: number;
  onProgress?: (stats: FleetStats) => void;
  onRefused?: (imei: string) => void;
}

export interface FleetStats {
  vehicles: number;
  packets: number;
  records: number;
  refused: number;
  bufferedPackets: number;
}

export class FleetSimulator {
  private timer: NodeJS.Timeout | undefined;
  private readonly vehicles: { vehicle: SimulatedVehicle; client: DeviceClient; buffer: ReturnType<SimulatedVehicle["step"]>[]; gapTicks: number; busy: boolean; refused: boolean }[];
  readonly stats: FleetStats;

  constructor(private readonly options: FleetSimulatorOptions) {
    this.vehicles = options.imeis.map((imei, i) => ({
      vehicle: new SimulatedVehicle(imei, DEMO_ROUTES[i % DEMO_ROUTES.length]!, Number(imei.slice(-6)) || i + 1),
      client: new DeviceClient(imei, options.host, options.port),
      buffer: [],
      gapTicks: 0,
      busy: false,
      refused: false,
    }));
    this.stats = { vehicles: options.imeis.length, packets: 0, records: 0, refused: 0, bufferedPackets: 0 };
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
      .then(() => {
        this.stats.packets++;
        this.stats.records += records.length;
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

