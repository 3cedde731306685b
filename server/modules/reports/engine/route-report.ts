// Route report: the asset's stored positions inside the range (flagged records left out) in fix-time order, with
// the stored address, the report odometer (CAN, else the tracker's, else the stored one; km) and the IO values asked
// for as `io_<name>` columns, named by the tracker's protocol (io-values.ts). Read in keyset batches of 1,000 by fix
// time: a month of one-second positions never sits in memory.
import { Prisma } from "../../../generated/prisma/client";
import { db } from "../../../db/client";
import { FIX_COLUMNS, namedIoOf, odometerKm, toReportFix, trackerProtocols, type PositionRowForReport } from "../rollups/report-fix";
import type { ReportRow } from "../report-model";
import { addressOf, iso, round, type KeyedRow, type ReportAsset, type ReportContext, type RowSource } from "./report-context";
import type { RowKey } from "./report-cursor";

export const ROUTE_BATCH = 1_000;

type RouteRow = PositionRowForReport & {
  course: number;
  altitude: number;
  satellites: number;
  street: string | null;
  town: string | null;
  country: string | null;
};

export const routeReport: RowSource = {
  async *rows(context: ReportContext, asset: ReportAsset, after: RowKey | null): AsyncIterable<KeyedRow> {
    const { from, to } = context.request;
    const ioColumns = context.request.options?.ioColumns ?? [];
    let cursor = typeof after === "number" ? new Date(after) : null;
    let protocols = new Map<number, string>();
    for (;;) {
      const rows = await db().$queryRaw<RouteRow[]>`
        SELECT ${FIX_COLUMNS}, course, altitude, satellites, street, town, country FROM positions
        WHERE asset_id = ${asset.id} AND flag IS NULL AND fix_time >= ${cursor ?? from} AND fix_time < ${to}
          ${cursor ? Prisma.sql`AND fix_time > ${cursor}` : Prisma.empty}
        ORDER BY fix_time LIMIT ${ROUTE_BATCH}`;
      const unknown = rows.map((row) => row.tracker_id).filter((id) => !protocols.has(id));
      if (unknown.length > 0) protocols = new Map([...protocols, ...(await trackerProtocols(unknown))]);
      for (const row of rows) {
        const io = namedIoOf(row, protocols);
        const km = odometerKm(toReportFix(row, io));
        const out: ReportRow = {
          asset_id: asset.id,
          asset_name: asset.name,
          time: iso(row.fix_time),
          lat: row.latitude,
          lng: row.longitude,
          speed_kmh: row.speed,
          course: row.course,
          altitude_m: row.altitude,
          satellites: row.satellites,
          ignition: row.ignition,
          address: addressOf(row),
          odometer_km: km === null ? null : round(km, 3),
        };
        for (const name of ioColumns) out[`io_${name}`] = io[name] ?? null;
        yield { key: row.fix_time.getTime(), row: out };
      }
      if (rows.length < ROUTE_BATCH) return;
      cursor = rows.at(-1)!.fix_time;
    }
  },
};
