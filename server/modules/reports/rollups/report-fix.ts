// The fixes reports compute from: stored positions (flagged ones left out) with the few IO values the rules need,
// named by the protocol of the tracker that sent them (io-values.ts for Teltonika): the CAN odometer
// (`canTotalMileage`, metres), the tracker's own odometer (`totalOdometer`, IO 16, metres), the CAN fuel-used counter
// (`canFuelConsumed`, litres) and the temperature sensors. Reads are bounded: one asset-day, or one keyset batch.
import { Prisma } from "../../../generated/prisma/client";
import { db } from "../../../db/client";
import { protocolCatalogue } from "../../protocol-port";
import type { NamedIoValue, RawIoValue } from "../../../tracker/record";
import { temperatureSensor } from "./temperature-sensors";

export interface ReportFix {
  time: number; // epoch ms
  latitude: number;
  longitude: number;
  speed: number; // km/h
  ignition: boolean | null;
  /** positions.odometer, metres (CAN mileage when reported, else the pipeline's accumulated GPS distance) */
  odometerM: number | null;
  /** CAN odometer, metres */
  canM: number | null;
  /** the tracker's own odometer, metres */
  trackerM: number | null;
  /** CAN fuel used counter, litres */
  fuelL: number | null;
  /** temperature sensors as sent (°C, sentinels included: the rules decide) */
  temps: Record<string, number> | null;
}

export interface PositionRowForReport {
  fix_time: Date;
  latitude: number;
  longitude: number;
  speed: number;
  ignition: boolean | null;
  odometer: number | null;
  avl_io: Record<string, RawIoValue> | null;
  io: Record<string, NamedIoValue> | null;
  tracker_id: number;
}

export const FIX_COLUMNS = Prisma.sql`fix_time, latitude, longitude, speed, ignition, odometer, avl_io, io, tracker_id`;

const numberOr = (value: NamedIoValue | undefined): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/** the protocol of each tracker id, read once per report or recompute */
export async function trackerProtocols(trackerIds: Iterable<number>): Promise<Map<number, string>> {
  const ids = [...new Set(trackerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db().tracker.findMany({ where: { id: { in: ids } }, select: { id: true, protocol: true } });
  return new Map(rows.map((row) => [row.id, row.protocol]));
}

/** the stored IO of a row by name (rows from before avl_io carry named `io`) */
export function namedIoOf(row: PositionRowForReport, protocols: Map<number, string>): Record<string, NamedIoValue> {
  if (row.avl_io) return protocolCatalogue().namedIo(protocols.get(row.tracker_id) ?? "teltonika", row.avl_io);
  return row.io ?? {};
}

export function toReportFix(row: PositionRowForReport, io: Record<string, NamedIoValue>): ReportFix {
  let temps: Record<string, number> | null = null;
  for (const name in io) {
    const value = io[name];
    if (typeof value !== "number" || !temperatureSensor(name)) continue;
    (temps ??= {})[name] = value;
  }
  return {
    time: row.fix_time.getTime(),
    latitude: row.latitude,
    longitude: row.longitude,
    speed: row.speed,
    ignition: row.ignition,
    odometerM: row.odometer,
    canM: numberOr(io.canTotalMileage),
    trackerM: numberOr(io.totalOdometer),
    fuelL: numberOr(io.canFuelConsumed),
    temps,
  };
}

/** the odometer a report shows for a fix, km: CAN, else the tracker's, else the stored one */
export function odometerKm(fix: ReportFix): number | null {
  const metres = fix.canM ?? fix.trackerM ?? fix.odometerM;
  return metres === null ? null : metres / 1000;
}
