// Every Prometheus metric of Fleetline, defined once (docs/operations.md "Metrics"). Counted where the events happen
// with counters and histograms only (a hot path pays an addition), labelled with small fixed sets (protocol,
// transport, reason, outcome, route template): never an IMEI, an account or a raw path. Figures that a part already
// keeps (open connections, the tracker listeners' refusal counters, pool sizes) are read when Prometheus scrapes,
// through the sources in metric-sources.ts, instead of being counted twice.
// On globalThis: the custom server and the Next.js bundle load separate copies of this module (stack.md trap 10), and
// both must count into the one registry that /metrics serves.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { metricSources } from "./metric-sources";

function createMetrics() {
  const registry = new Registry();
  // prom-client's process and Node.js metrics keep their standard, unprefixed names (process_*, nodejs_*), so the
  // common Node.js dashboards and alerts work on Fleetline as they are; Fleetline's own metrics start with fleetline_
  collectDefaultMetrics({ register: registry });
  const sources = metricSources();

  const metrics = {
    registry,

    // ingest: the tracker listeners and the pipeline behind them
    trackerConnections: new Gauge({
      name: "fleetline_tracker_connections",
      help: "Open tracker connections on this node, by protocol and transport",
      labelNames: ["protocol", "transport"] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [protocol, count] of sources.trackerConnections()) this.set({ protocol, transport: "tcp" }, count);
      },
    }),
    recordsReceived: new Counter({
      name: "fleetline_tracker_records_received_total",
      help: "Records decoded from tracker packets (before duplicates and judgement), by protocol and transport",
      labelNames: ["protocol", "transport"] as const,
      registers: [registry],
    }),
    recordsAcknowledged: new Counter({
      name: "fleetline_tracker_records_acknowledged_total",
      help: "Records acknowledged to trackers once stored (duplicates included: the database holds them)",
      labelNames: ["protocol", "transport"] as const,
      registers: [registry],
    }),
    recordsStored: new Counter({
      name: "fleetline_tracker_records_stored_total",
      help: "Records written to the database for the first time",
      labelNames: ["protocol"] as const,
      registers: [registry],
    }),
    recordsDuplicate: new Counter({
      name: "fleetline_tracker_records_duplicate_total",
      help: "Records received again (resent by the device or twice in one packet): acknowledged, not stored again",
      labelNames: ["protocol"] as const,
      registers: [registry],
    }),
    recordsRejected: new Counter({
      name: "fleetline_tracker_records_rejected_total",
      help: "Records not stored, by reason (unstorable: values no position can have)",
      labelNames: ["protocol", "reason"] as const,
      registers: [registry],
    }),
    recordsFlagged: new Counter({
      name: "fleetline_tracker_records_flagged_total",
      help: "Records stored for diagnosis but kept out of the live state, by flag (impossible, future, ...)",
      labelNames: ["flag"] as const,
      registers: [registry],
    }),
    trackerRefusals: new Counter({
      name: "fleetline_tracker_refusals_total",
      help: "Tracker connections, logins, packets and datagrams refused or dropped, by transport and reason",
      labelNames: ["transport", "reason"] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const { transport, reason, count } of sources.trackerRefusals()) this.inc({ transport, reason }, count);
      },
    }),
    ingestBatchSize: new Histogram({
      name: "fleetline_ingest_batch_rows",
      help: "Position rows per database write batch (packets of many devices share one statement)",
      buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500],
      registers: [registry],
    }),
    ingestCommitSeconds: new Histogram({
      name: "fleetline_ingest_commit_duration_seconds",
      help: "Time one write batch took to commit (successful batches)",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    ingestBatchFailures: new Counter({
      name: "fleetline_ingest_batch_failures_total",
      help: "Write batches the database refused (the devices are not acknowledged and resend)",
      registers: [registry],
    }),
    publishLatencySeconds: new Histogram({
      name: "fleetline_ingest_publish_latency_seconds",
      help: "From a packet's receipt to its positions being handed to the hub (live stream, public tracking)",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),

    // real time: the socket.io live stream and the Pusher-protocol public channels
    liveStreamConnections: new Gauge({
      name: "fleetline_live_stream_connections",
      help: "Open live-stream (socket.io) connections on this node",
      registers: [registry],
      collect() {
        this.set(sources.sum("liveStream", (gateway) => gateway.stats().connections));
      },
    }),
    liveStreamDeliveries: new Counter({
      name: "fleetline_live_stream_deliveries_total",
      help: "Messages sent to live-stream clients (one per client and message)",
      registers: [registry],
    }),
    liveStreamRefusals: new Counter({
      name: "fleetline_live_stream_refusals_total",
      help: "Live-stream connections refused, by reason (the refusal code)",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),
    publicChannelConnections: new Gauge({
      name: "fleetline_public_channel_connections",
      help: "Open public-tracking (Pusher protocol) WebSocket connections on this node",
      registers: [registry],
      collect() {
        this.set(sources.sum("pusher", (pusher) => pusher.stats().connections));
      },
    }),
    publicChannelSubscriptions: new Gauge({
      name: "fleetline_public_channel_subscriptions",
      help: "Public-tracking channel subscriptions on this node",
      registers: [registry],
      collect() {
        this.set(sources.sum("pusher", (pusher) => pusher.stats().subscriptions));
      },
    }),
    publicChannelDeliveries: new Counter({
      name: "fleetline_public_channel_deliveries_total",
      help: "Messages sent to public-tracking viewers (one per viewer and message)",
      registers: [registry],
    }),
    publicChannelRefusals: new Counter({
      name: "fleetline_public_channel_refusals_total",
      help: "Public-tracking connections refused, by reason",
      labelNames: ["reason"] as const,
      registers: [registry],
    }),

    // webhooks, imports, REST
    webhookDeliveries: new Counter({
      name: "fleetline_webhook_deliveries_total",
      help: "Webhook delivery attempts, by outcome (delivered: 2xx; failed: other status or no answer; not_sent: refused before sending)",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    importJobs: new Gauge({
      name: "fleetline_import_jobs",
      help: "Import jobs in the database, by state (cluster-wide; read when scraped)",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        const counts = await sources.importJobsByState();
        this.reset();
        if (counts) for (const [state, count] of counts) this.set({ state }, count);
      },
    }),
    httpRequests: new Counter({
      name: "fleetline_http_requests_total",
      help: "API requests answered, by method, route template and status",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    }),
    httpRequestSeconds: new Histogram({
      name: "fleetline_http_request_duration_seconds",
      help: "Time to answer API requests, by route template",
      labelNames: ["route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "fleetline_rate_limit_refusals_total",
      help: "Requests refused by a rate limit (429), by limit name",
      labelNames: ["limit"] as const,
      registers: [registry],
    }),

    // dependencies
    databasePool: new Gauge({
      name: "fleetline_database_pool_connections",
      help: "Connections of the ingest SQL pool (PostgreSQL only), by state (total, idle, waiting: queries waiting for one)",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        this.reset();
        const pool = sources.databasePool();
        if (pool) for (const state of ["total", "idle", "waiting"] as const) this.set({ state }, pool[state]);
      },
    }),
    redisConnected: new Gauge({
      name: "fleetline_redis_connected",
      help: "1 while this node's Redis connections of the hub (publisher and subscriber) are up, 0 while not; absent without REDIS_URL",
      labelNames: ["connection"] as const,
      registers: [registry],
      collect() {
        this.reset();
        const connected = sources.redisConnected();
        if (connected !== null) this.set({ connection: "hub" }, connected ? 1 : 0);
      },
    }),
  };
  return metrics;
}

export type FleetlineMetrics = ReturnType<typeof createMetrics>;

const store = globalThis as unknown as { __fleetlineMetrics?: FleetlineMetrics };

/** The metrics of this process (created on first use). */
export function metrics(): FleetlineMetrics {
  store.__fleetlineMetrics ??= createMetrics();
  return store.__fleetlineMetrics;
}
