// Test input for the evaluators: live positions made the way the server makes them. Each record is encoded as a
// Codec 8E TCP packet (as an FMB sends it), decoded by the real decoder and enriched by the real enrichment step,
// with the running per-asset cursor, so what the evaluators see is exactly what the pipeline publishes.
import { enrichRecord, type AssetCarry } from "../tracker/pipeline/enrich";
import { encodeTcpPacket8E, type RecordToEncode } from "../tracker/protocols/teltonika/avl-encoder";
import { decodeTcpPacket } from "../tracker/protocols/teltonika/decoder";
import { IO } from "../tracker/protocols/teltonika/io-elements";
import type { LivePosition } from "../modules/positions/live-position";
import { normalizeRecord } from "../tracker/protocols/teltonika/normalize";

export const DEPOT = { latitude: 54.6872, longitude: 25.2797 } as const; // Vilnius

export interface Step {
  /** seconds after the previous record (default 10) */
  after?: number;
  latitude?: number;
  longitude?: number;
  speed?: number; // km/h
  course?: number;
  /** AVL IO by size, as the device sends them; merged over the drive's defaults */
  io?: RecordToEncode["io"];
  /** false: no ignition element in the record */
  ignition?: boolean | null;
}

export class TestDrive {
  private time: number;
  private wsSeq = 0;
  private cursor: AssetCarry = { lastFixTime: 0, dateMoved: null, odometer: null, lastLatitude: null, lastLongitude: null };
  private latitude: number;
  private longitude: number;

  constructor(
    private readonly asset: { accountId: number; assetId: number; imei?: string; start?: number },
  ) {
    this.time = asset.start ?? Date.UTC(2026, 10, 23, 8, 0, 0);
    this.latitude = DEPOT.latitude;
    this.longitude = DEPOT.longitude;
  }

  get now(): number {
    return this.time;
  }

  record(step: Step = {}): LivePosition {
    this.time += (step.after ?? 10) * 1000;
    this.latitude = step.latitude ?? this.latitude;
    this.longitude = step.longitude ?? this.longitude;
    const speed = step.speed ?? 0;
    const ignition = step.ignition === undefined ? true : step.ignition;
    const u8: Record<number, number> = { [IO.MOVEMENT]: speed > 0 ? 1 : 0 };
    if (ignition !== null) u8[IO.IGNITION] = ignition ? 1 : 0;
    const packet = encodeTcpPacket8E([
      {
        timestamp: this.time,
        priority: 0,
        latitude: this.latitude,
        longitude: this.longitude,
        altitude: 110,
        angle: step.course ?? 90,
        satellites: 12,
        speed,
        eventIoId: 0,
        io: {
          ...step.io,
          u8: { ...u8, ...step.io?.u8 },
          // millivolts: external 13.8 V, battery 4.1 V
          u16: { [IO.EXTERNAL_VOLTAGE]: 13_800, [IO.BATTERY_VOLTAGE]: 4_100, ...step.io?.u16 },
        },
      },
    ]);
    const decoded = decodeTcpPacket(packet);
    if (decoded.kind !== "records") throw new Error(`test packet not decoded: ${JSON.stringify(decoded)}`);
    const { position, cursor } = enrichRecord({
      record: normalizeRecord(decoded.records[0]!),
      tracker: {
        trackerId: 1,
        assetId: this.asset.assetId,
        accountId: this.asset.accountId,
        imei: this.asset.imei ?? "356307042441013",
        protocol: "teltonika",
      },
      assetId: this.asset.assetId,
      receivedAt: this.time + 500,
      wsSeq: ++this.wsSeq,
      cursor: this.cursor,
    });
    this.cursor = cursor;
    return position;
  }
}
