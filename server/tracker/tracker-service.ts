// Everything ingest needs, started and stopped as one: a listener per protocol of the registry on its port (Teltonika
// TCP and UDP on TELTONIKA_PORT, GT06 on GT06_PORT, OsmAnd over HTTP on OSMAND_PORT), the pipeline behind them, and the open device sessions (for
// commands and online state).
import type { Logger } from "pino";
import type { Db, SqlClient } from "../db/client";
import { createMemoryHub, type Hub } from "../hub";
import { DeviceSessions } from "./device-sessions";
import type { Geocoder } from "../modules/geocoding/geocoder";
import { IngestPipeline } from "./pipeline/ingest-pipeline";
import { PositionWriter } from "./pipeline/position-writer";
import { WsSequence } from "./pipeline/ws-sequence";
import { startStreamListener, type TcpListener } from "./stream-listener";
import { startDatagramListener, type UdpListener } from "./datagram-listener";
import { startOsmandHttpListener, type OsmandListener } from "./osmand-http-listener";
import { normalizeOsmandPosition } from "./protocols/osmand/normalize";
import { PROTOCOLS } from "./protocols/registry";
import { enforceNewestLogin } from "./newest-login-wins";
import { reauthoriseSessions } from "./session-reauthorisation";
import { TrackerDirectory } from "./tracker-directory";
import { deviceCommands, setDeviceCommands } from "../modules/devices/device-port";
import { createCommandGateway } from "./command-gateway";
import { observeAdapterReports } from "../modules/vehicle-control/observe-adapter-reports";

export interface TrackerService {
  sessions: DeviceSessions;
  /** positions and connection changes of the devices connected to this process (see IngestPipeline) */
  local: Hub;
  directory: TrackerDirectory;
  /** Teltonika's TCP and UDP ports (null: off) */
  tcpPort: number | null;
  udpPort: number | null;
  /** the TCP port of a stream protocol by name (null: off) */
  streamPort(protocol: string): number | null;
  /** the OsmAnd HTTP listener's port (null: off) */
  osmandPort: number | null;
  /** each tracker listener, and whether it takes connections or datagrams (readiness) */
  listeners(): { name: string; port: number; listening: boolean }[];
  /** stops accepting, then waits until everything received has been stored (and acknowledged) */
  stop(): Promise<void>;
}

export async function startTrackerService(options: {
  prisma: Db;
  sql: SqlClient;
  hub: Hub;
  host: string;
  teltonikaPort: number;
  /** GT06_PORT; 0 or absent: off */
  gt06Port?: number;
  /** OSMAND_PORT (phones over HTTP); 0 or absent: off */
  osmandPort?: number;
  /** false: TCP only (TELTONIKA_UDP=0) */
  teltonikaUdp?: boolean;
  /** TELTONIKA_MAX_CONNECTIONS_PER_ADDRESS */
  maxConnectionsPerAddress?: number;
  embedded: boolean;
  logger: Logger;
  geocoder?: Geocoder;
  /** this process's name on the hub (tracker logins); random when not given */
  nodeId?: string;
  /** REPORT_ROLLUPS: mark report day rollups dirty in the ingest statement (default true; off only to measure ingest) */
  reportRollups?: boolean;
}): Promise<TrackerService> {
  const sessions = new DeviceSessions();
  const stopNewestLogin = enforceNewestLogin({ sessions, hub: options.hub, logger: options.logger, nodeId: options.nodeId });
  const directory = new TrackerDirectory(options.prisma);
  const stopPruning = directory.startPruning((error) =>
    options.logger.error({ err: error }, "unknown devices not pruned"),
  );
  const local = createMemoryHub();
  // an IMEI fitted to another asset, a tracker removed, an asset deleted: logins look the tracker up again, and the
  // sessions that logged in for the asset are checked again
  const stopForgetting = options.hub.subscribe("asset.changed", (change) => {
    directory.forget();
    reauthoriseSessions({ prisma: options.prisma, sessions, change, logger: options.logger }).catch((error) =>
      options.logger.error({ err: error, assetId: change.assetId }, "tracker sessions not re-authorised"),
    );
  });
  // PGlite runs one query at a time: concurrent flushes would only queue behind each other
  const writer = new PositionWriter(options.sql, options.embedded ? 1 : 4, { rollups: options.reportRollups !== false });
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
  // vehicle control: commands reach this node's sessions (and, through the hub, other nodes'); what the CAN adapters
  // report in the records stored here updates program numbers and confirms commands
  const gateway = createCommandGateway({ sessions, hub: options.hub });
  setDeviceCommands(gateway); // the domain's device port (modules/devices/device-port.ts)
  const stopObserving = observeAdapterReports({ local, logger: options.logger });
  // a listener per protocol of the registry on its port (0: off); a datagram protocol shares the port number of its
  // stream twin (Teltonika TCP and UDP on TELTONIKA_PORT), so a random test port is the same for both
  const ports: Record<string, number> = { TELTONIKA_PORT: options.teltonikaPort, GT06_PORT: options.gt06Port ?? 0 };
  const streams = new Map<string, TcpListener>();
  const datagrams = new Map<string, UdpListener>();
  for (const protocol of PROTOCOLS) {
    const port = ports[protocol.portEnv] ?? 0;
    if (port === 0 || protocol.transport !== "tcp") continue;
    const listener = await startStreamListener({
      protocol,
      host: options.host,
      port,
      sink: pipeline,
      sessions,
      logger: options.logger,
      maxConnectionsPerAddress: options.maxConnectionsPerAddress,
    });
    streams.set(protocol.name, listener);
  }
  for (const protocol of PROTOCOLS) {
    const twin = streams.get(protocol.name);
    if (protocol.transport !== "udp" || !twin) continue;
    if (protocol.name === "teltonika" && options.teltonikaUdp === false) continue; // TELTONIKA_UDP=0
    datagrams.set(protocol.name, await startDatagramListener({ protocol, host: options.host, port: twin.port, sink: pipeline, logger: options.logger }));
  }
  // phones over HTTP: the device id is the tracker's identifier, and the answer waits for the store like a TCP ack
  let osmandHttp: OsmandListener | null = null;
  if ((options.osmandPort ?? 0) !== 0) {
    osmandHttp = await startOsmandHttpListener({
      host: options.host,
      port: options.osmandPort!,
      logger: options.logger,
      maxConnectionsPerAddress: options.maxConnectionsPerAddress,
      callbacks: {
        identify: async ({ deviceId, ...rest }) => {
          const tracker = await pipeline.identify({ imei: deviceId, ...rest });
          // a Teltonika or GT06 tracker's IMEI sent as a phone id: its records would be named as another protocol's
          return tracker && tracker.protocol === rest.protocol ? tracker : null;
        },
        ingest: async (tracker, positions, meta) => {
          await pipeline.ingest(tracker, positions.map(normalizeOsmandPosition), meta);
        },
        // cell or Wi-Fi data without coordinates: heard from, as a login is for a TCP device; no position stored
        heard: (tracker) => pipeline.heard(tracker),
      },
    });
    options.logger.info({ address: `${options.host}:${osmandHttp.port}`, protocol: "osmand" }, "tracker listener (http)");
  }
  for (const [name, listener] of streams) {
    const transports = datagrams.has(name) ? "tcp, udp" : "tcp";
    options.logger.info({ address: `${options.host}:${listener.port}`, protocol: name }, `tracker listener (${transports})`);
  }
  const tcp = streams.get("teltonika") ?? null;
  const udp = datagrams.get("teltonika") ?? null;
  return {
    sessions,
    local,
    directory,
    tcpPort: tcp?.port ?? null,
    udpPort: udp?.port ?? null,
    streamPort: (protocol) => streams.get(protocol)?.port ?? null,
    osmandPort: osmandHttp?.port ?? null,
    listeners: () => [
      ...[...streams].map(([name, listener]) => ({ name: `${name}-tcp`, port: listener.port, listening: listener.server.listening })),
      ...[...datagrams].map(([name, listener]) => ({ name: `${name}-udp`, port: listener.port, listening: listener.listening() })),
      ...(osmandHttp ? [{ name: "osmand-http", port: osmandHttp.port, listening: osmandHttp.server.listening }] : []),
    ],
    async stop() {
      stopForgetting();
      stopPruning();
      stopObserving();
      gateway.stop();
      if (deviceCommands() === gateway) setDeviceCommands(undefined);
      stopNewestLogin();
      await Promise.all([...streams.values(), ...datagrams.values(), ...(osmandHttp ? [osmandHttp] : [])].map((listener) => listener.close()));
      await writer.drain();
      await pipeline.drainPublishing(5_000);
      await local.close();
      options.geocoder?.close?.();
    },
  };
}
