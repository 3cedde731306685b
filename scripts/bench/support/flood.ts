// The ingest flood the benchmarks that weigh a cost on ingest share (reports-ingest.ts, notifications.ts): a fresh
// PostgreSQL database with one account of FLOOD_CONNECTIONS assets and their trackers, the tracker service on it, and
// as many Teltonika devices over real TCP (a separate load process, device-load.ts) each sending 10-record packets as
// soon as the last was acknowledged, for FLOOD_MS.
import pino from "pino";
import { openDatabase, type Database } from "../../../server/db/client";
import type { Hub } from "../../../server/hub";
import { imeiFrom } from "../../../server/modules/assets/imei";
import type { OfflineGeocoder } from "../../../server/modules/geocoding/offline-geocoder";
import { freePort } from "../../../server/testing/free-port";
import { createScratchDatabase } from "../../../server/testing/scratch-postgres";
import { startTrackerService } from "../../../server/tracker/tracker-service";
import { runLoadProcess } from "./load-process";

export const FLOOD_CONNECTIONS = 2_000;
export const FLOOD_MS = 10_000;

export interface FloodFleet {
  database: Database;
  /** the database's connection string (a process of the bench's own opens it too: the notification worker's) */
  url: string;
  accountId: number;
  assetIds: number[];
  imeis: string[];
}

/** a fresh database holding the flood's fleet (IMEIs starting with `imeiPrefix`), closed and dropped after `use` */
export async function withFloodFleet<T>(imeiPrefix: string, use: (fleet: FloodFleet) => Promise<T>): Promise<T> {
  const scratch = await createScratchDatabase("fleetline_bench");
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "" });
  try {
    const { prisma, sql } = database;
    const account = await prisma.account.create({ data: { key: "bench", name: "Bench", timeZone: "Europe/Berlin" }, select: { id: true } });
    const assets = await sql.query<{ id: number }>(
      `INSERT INTO assets (account_id, name, updated_at) SELECT $1, 'Bench ' || g, now() FROM generate_series(1, $2::int) g RETURNING id`,
      [account.id, FLOOD_CONNECTIONS],
    );
    const assetIds = assets.map((a) => a.id);
    const imeis = assetIds.map((id) => imeiFrom(`${imeiPrefix}${String(id).padStart(12, "0")}`));
    await sql.query(
      `INSERT INTO trackers (account_id, asset_id, imei, updated_at) SELECT $1, i.id, i.imei, now() FROM unnest($2::int[], $3::text[]) AS i(id, imei)`,
      [account.id, assetIds, imeis],
    );
    return await use({ database, url: scratch.url, accountId: account.id, assetIds, imeis });
  } finally {
    await database.close();
    await scratch.drop();
  }
}

/** the tracker service on the fleet's database, flooded (or under steady load) for FLOOD_MS: positions acknowledged (and a second), failed devices */
export async function flood(
  fleet: FloodFleet,
  options: {
    hub: Hub;
    geocoder: OfflineGeocoder;
    reportRollups?: boolean;
    /** "steady": each device sends one record a second instead (2,000 positions a second: the load the README's
     *  receipt-to-publish latency is measured at), for the same FLOOD_MS */
    load?: "flood" | "steady";
  },
): Promise<{ acked: number; perSecond: number; errors: number }> {
  const { prisma, sql } = fleet.database;
  const port = await freePort();
  const service = await startTrackerService({
    prisma,
    sql,
    hub: options.hub,
    host: "127.0.0.1",
    teltonikaPort: port,
    embedded: false,
    maxConnectionsPerAddress: 100_000,
    logger: pino({ level: "silent" }),
    geocoder: options.geocoder, // the server's default (offline), as in the ingest benchmark
    reportRollups: options.reportRollups,
  });
  try {
    const load = await runLoadProcess<{ ackedRecords: number; errors: number }>("device-load.ts", {
      host: "127.0.0.1",
      port,
      baseTime: Date.now() - 3 * 86_400_000,
      imeis: fleet.imeis,
      ...(options.load === "steady" ? { mode: "paced", everyMs: 1000, recordsPerPacket: 1 } : { mode: "flood", recordsPerPacket: 10 }),
      durationMs: FLOOD_MS,
    }).result;
    return { acked: load.ackedRecords, perSecond: load.ackedRecords / (FLOOD_MS / 1000), errors: load.errors };
  } finally {
    await service.stop();
  }
}
