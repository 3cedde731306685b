// Everything ingest needs, started and stopped as one: the Teltonika TCP and UDP listeners on TELTONIKA_PORT, the
// pipeline behind them, and the open device sessions (for commands and online state).
import type { Logger } from "pino";
import type { Db, SqlClient } from "../db/client";
import { createMemoryHub, type Hub } from "../hub";
import { DeviceSessions } from "./device-sessions";
import type { Geocoder } from "../modules/geocoding/geocoder";
import { IngestPipeline } from "./pipeline/ingest-pipeline";
import { PositionWriter } from "./pipeline/position-writer";
import { WsSequence } from "./pipeline/ws-sequence";
import { startTeltonikaTcpListener, type TcpListener } from "./teltonika-tcp-listener";
import { startTeltonikaUdpListener, type UdpListener } from "./teltonika-udp-listener";
import { TrackerDirectory } from "./tracker-directory";

export interface TrackerService {
  sessions: DeviceSessions;
  /** positions and connection changes of the devices connected to this process (see IngestPipeline) */
  local: Hub;
  directory: TrackerDirectory;
  tcpPort: number | null;
  udpPort: number | null;
  /** stops accepting, then waits until everything received has been stored (and acknowledged) */
  stop(): Promise<void>;
}

export async function startTrackerService(options: {
  prisma: Db;
  sql: SqlClient;
  hub: Hub;
  host: string;
  teltonikaPort: number;
  embedded: boolean;
  logger: Logger;
  geocoder?: Geocoder;
}): Promise<TrackerService> {
  const sessions = new DeviceSessions();
  const directory = new TrackerDirectory(options.prisma);
  const local = createMemoryHub();
  // an IMEI fitted to another asset, a tracker removed, an asset deleted: logins look the tracker up again
  const stopForgetting = options.hub.subscribe("asset.changed", () => directory.forget());
  // PGlite runs one query at a time: concurrent flushes would only queue behind each other
  const writer = new PositionWriter(options.sql, options.embedded ? 1 : 4);
  const pipeline = new IngestPipeline({
    sql: options.sql,
    hub: options.hub,
    local,
    writer,
    sequence: new WsSequence(options.prisma),
    directory,
    logger: options.logger,
    geocoder: options.geocoder,
  });
  let tcp: TcpListener | null = null;
  let udp: UdpListener | null = null;
  if (options.teltonikaPort !== 0) {
    tcp = await startTeltonikaTcpListener({
      host: options.host,
      port: options.teltonikaPort,
      sink: pipeline,
      sessions,
      logger: options.logger,
    });
    udp = await startTeltonikaUdpListener({ host: options.host, port: tcp.port, sink: pipeline, logger: options.logger });
    options.logger.info({ address: `${options.host}:${tcp.port}`, protocol: "teltonika" }, "tracker listener (tcp, udp)");
  }
  return {
    sessions,
    local,
    directory,
    tcpPort: tcp?.port ?? null,
    udpPort: udp?.port ?? null,
    async stop() {
      stopForgetting();
      await Promise.all([tcp?.close(), udp?.close()]);
      await writer.drain();
      await local.close();
      options.geocoder?.close?.();
    },
  };
}
