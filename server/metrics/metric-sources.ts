// The running parts whose own figures /metrics reads when Prometheus scrapes (open connections, the tracker
// listeners' refusal counters, the SQL pool, the Redis hub, import jobs in the database). A part registers when it
// starts and unregisters when it stops; a tracker listener's counters are kept on after it stops, so the totals
// Prometheus sees never go down while the process lives. Several servers in one process (tests) add up.
// On globalThis for the same reason as registry.ts.
// The parts are described here by what is read of them, not imported: the listeners, gateways and pipeline all
// record into the metrics registry, so importing their types back would tie metrics, tracker and realtime into a
// cycle (the architecture test forbids it); each part satisfies these shapes structurally.
import type { Database } from "../db/client";
import type { Hub } from "../hub";

/**
 * a tracker listener's counters object, numbers by name (TcpListenerCounters, UdpListenerCounters,
 * OsmandListenerCounters); only names with a reason below are read. `object`, because an interface has no index
 * signature to match a Record.
 */
type ListenerCounters = object;

/** the reason label of each TCP listener counter (TcpListenerCounters in the TCP listener) */
const TCP_REASONS: Record<string, string> = {
  overAddressCap: "address_cap",
  loginTimeouts: "login_timeout",
  frameTimeouts: "frame_timeout",
  invalidImeis: "invalid_imei",
  invalidFrames: "invalid_frame",
  unknownTrackers: "unknown_tracker",
  invalidPackets: "invalid_packet",
};

/** the reason label of each UDP listener counter that counts a drop (acknowledged ones are counted elsewhere) */
const UDP_REASONS: Record<string, string> = {
  malformed: "malformed",
  invalidImei: "invalid_imei",
  deviceQueueFull: "device_queue_full",
  totalQueueFull: "queue_full",
  stopping: "stopping",
  unknownTracker: "unknown_tracker",
};

/** the reason label of each refusal counter of the OsmAnd HTTP listener (OsmandListenerCounters) */
const HTTP_REASONS: Record<string, string> = {
  overAddressCap: "address_cap",
  throttled: "unknown_id_throttle",
  unknownDevices: "unknown_tracker",
  malformed: "malformed",
  tooLarge: "too_large",
  storeFailures: "store_failed",
};

const REASONS: Record<TrackerListenerSource["transport"], Record<string, string>> = {
  tcp: TCP_REASONS,
  udp: UDP_REASONS,
  http: HTTP_REASONS,
};

interface TrackerListenerSource {
  protocol: string;
  transport: "tcp" | "udp" | "http";
  connections?: () => number;
  counters: ListenerCounters;
}

interface Parts {
  trackerListener: TrackerListenerSource;
  /** the socket.io live stream gateway (server/realtime/live-stream-gateway.ts) */
  liveStream: { stats(): { connections: number } };
  /** the Pusher-protocol server (server/realtime/pusher/pusher-server.ts) */
  pusher: { stats(): { connections: number; subscriptions: number } };
  database: Database;
  hub: Hub;
}

/** a dependency answering a scrape within this long, or not at all (the scrape must not hang on it) */
const SCRAPE_QUERY_MS = 2000;

const IMPORT_JOB_STATES = ["pending", "done", "failed"] as const;

function createSources() {
  const parts: { [K in keyof Parts]: Set<Parts[K]> } = {
    trackerListener: new Set(),
    liveStream: new Set(),
    pusher: new Set(),
    database: new Set(),
    hub: new Set(),
  };
  /** refusals counted by listeners that have stopped, by "transport reason" */
  const retired = new Map<string, number>();

  const refusalsOf = (listener: TrackerListenerSource) => {
    const reasons: Record<string, string | undefined> = REASONS[listener.transport];
    return (Object.entries(listener.counters) as [string, number][]).flatMap(([key, count]) => {
      const reason = reasons[key];
      return reason ? [{ transport: listener.transport, reason, count }] : [];
    });
  };

  return {
    /** registers a running part; returns its unregistration */
    add<K extends keyof Parts>(kind: K, part: Parts[K]): () => void {
      (parts[kind] as Set<Parts[K]>).add(part);
      return () => {
        if (!(parts[kind] as Set<Parts[K]>).delete(part)) return;
        if (kind !== "trackerListener") return;
        for (const { transport, reason, count } of refusalsOf(part as TrackerListenerSource)) {
          const key = `${transport} ${reason}`;
          retired.set(key, (retired.get(key) ?? 0) + count);
        }
      };
    },

    sum<K extends keyof Parts>(kind: K, figure: (part: Parts[K]) => number): number {
      let total = 0;
      for (const part of parts[kind] as Set<Parts[K]>) total += figure(part);
      return total;
    },

    trackerConnections(): Map<string, number> {
      const byProtocol = new Map<string, number>();
      for (const listener of parts.trackerListener) {
        if (!listener.connections) continue;
        byProtocol.set(listener.protocol, (byProtocol.get(listener.protocol) ?? 0) + listener.connections());
      }
      return byProtocol;
    },

    trackerRefusals(): { transport: string; reason: string; count: number }[] {
      const totals = new Map(retired);
      // every reason appears, at 0 until it happens: a rate() over a series that starts late misses its first count
      for (const reason of Object.values(TCP_REASONS)) totals.set(`tcp ${reason}`, totals.get(`tcp ${reason}`) ?? 0);
      for (const reason of Object.values(UDP_REASONS)) totals.set(`udp ${reason}`, totals.get(`udp ${reason}`) ?? 0);
      for (const listener of parts.trackerListener) {
        for (const { transport, reason, count } of refusalsOf(listener)) {
          const key = `${transport} ${reason}`;
          totals.set(key, (totals.get(key) ?? 0) + count);
        }
      }
      return [...totals].map(([key, count]) => {
        const [transport, reason] = key.split(" ") as [string, string];
        return { transport, reason, count };
      });
    },

    /** the ingest SQL pool of the (first) open PostgreSQL database; null on the embedded one */
    databasePool(): { total: number; idle: number; waiting: number } | null {
      for (const database of parts.database) {
        const pool = database.poolStats?.();
        if (pool) return pool;
      }
      return null;
    },

    /** null when no hub uses Redis */
    redisConnected(): boolean | null {
      let connected: boolean | null = null;
      for (const hub of parts.hub) {
        if (hub.kind !== "redis") continue;
        connected = (connected ?? true) && hub.connected();
      }
      return connected;
    },

    /** import jobs by state, or null when no database is registered or it did not answer in time */
    async importJobsByState(): Promise<Map<string, number> | null> {
      const database = parts.database.values().next().value;
      if (!database) return null;
      let timer: NodeJS.Timeout | undefined;
      try {
        const rows = await Promise.race([
          database.prisma.importJob.groupBy({ by: ["status"], _count: { _all: true } }),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error("import jobs not counted in time")), SCRAPE_QUERY_MS);
          }),
        ]);
        const counts = new Map<string, number>(IMPORT_JOB_STATES.map((state) => [state, 0]));
        for (const row of rows) counts.set(row.status, row._count._all);
        return counts;
      } catch {
        return null; // the database is down: /readyz says so; the scrape still answers
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type MetricSources = ReturnType<typeof createSources>;

const store = globalThis as unknown as { __fleetlineMetricSources?: MetricSources };

export function metricSources(): MetricSources {
  store.__fleetlineMetricSources ??= createSources();
  return store.__fleetlineMetricSources;
}
