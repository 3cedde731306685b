// Starts every part of Fleetline on one HTTP server and returns a handle to stop it gracefully.
// Order: database (migrated) -> hub -> Next.js -> socket.io -> listen -> ready. See docs/architecture.md.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { secureDataDir } from "./data-dir";
import { openDatabase, setDatabase, type Database } from "./db/client";
import type { Env } from "./env";
import { respondHealth, type HealthState } from "./http/health";
import { respondMetrics } from "./http/metrics-endpoint";
import { respondReadiness, type ReadinessState } from "./http/readiness";
import { sharedPing } from "./http/shared-ping";
import { untrustedProxyWarning } from "./http/untrusted-proxy-warning";
import { countApiRequest } from "./metrics/api-request-metrics";
import { metricSources } from "./metrics/metric-sources";
import { applySecurityHeaders, securityHeaderOptions } from "./http/security-headers";
import { createMemoryHub, createRedisHub, setHub, type Hub } from "./hub";
import { closeRateLimits } from "./security/rate-limit";
import { log } from "./log";
import { closeMailer, mailer } from "./mail/mailer";
import { closeSmsProvider, smsProvider } from "./sms/sms-provider";
import { seedDemoAccount, seedDemoContents } from "./modules/demo/seed-demo";
import { announceDemoSignIn } from "./demo-sign-in";
import { startLiveStream } from "./realtime/live-stream";
import type { LiveStreamGateway } from "./realtime/live-stream-gateway";
import { startLiveStreamListener, type LiveStreamListener } from "./realtime/live-stream-listener";
import { createSocketIoServer, SOCKET_IO_PATH } from "./realtime/socket-io";
import { createUpgradeDispatcher } from "./realtime/upgrade-dispatcher";
import { createReportingSocketServer, REPORTING_PATH } from "./realtime/reporting-socket";
import { createMemoryConnectionCap, createRedisConnectionCap } from "./realtime/connection-cap";
import { createPublicTrackingGateway, type PublicTrackingGateway } from "./realtime/public-tracking-gateway";
import { createPrivateChannelsGateway, routeChannels } from "./realtime/pusher/private-channels-gateway";
import { createPusherServer, PUSHER_PATH_PREFIX, type PusherServer } from "./realtime/pusher/pusher-server";
import { startArrivalWatcher } from "./modules/tracking-links/arrival-watcher";
import { startApproachAlerts, type ApproachAlerts } from "./modules/passengers/approach-alerts";
import { createRunBoard, setRunBoard } from "./modules/tracking-links/run-board";
import { startLinkScheduler } from "./modules/tracking-links/link-scheduler";
import { registerImportWakeup } from "./modules/imports/import-wakeup";
import { startImportWorker } from "./modules/imports/import-worker";
import { startSpreadsheetWorker } from "./modules/imports/spreadsheets/spreadsheet-worker";
import { startDeliveryLogRetention } from "./modules/webhooks/delivery-log-retention";
import { startHistoryRetention } from "./modules/positions/history-retention-worker";
import { produceJobFile } from "./modules/reports/jobs/produce-report-file";
import { registerReportWakeup } from "./modules/reports/jobs/report-worker-wakeup";
import { startReportWorker } from "./modules/reports/jobs/report-worker";
import { addInboxNotifications } from "./modules/notifications/inbox/add-inbox-notifications";
import { startNotificationWorker, type AlertFiredData } from "./modules/notifications/notification-worker";
import { startNotificationProcess } from "./modules/notifications/notification-process-supervisor";
import { setNotificationWake } from "./modules/notifications/notification-worker-wake";
import { startReportScheduleWorker } from "./modules/reports/schedules/report-schedule-worker";
import { startRollupWorker } from "./modules/reports/rollups/rollup-worker";
import { startSmsFallbackWorker } from "./modules/messages/sms-fallback-worker";
import { startOdometerPollWorker } from "./modules/odometer-entries/odometer-poll";
import { startReminderWorker } from "./modules/reminders/evaluate-due-reminders";
import { startWebhookDispatcher, type WebhookDispatcher } from "./modules/webhooks/webhook-dispatcher";
import { emitWebhookEvent, setWebhookAnnouncer } from "./modules/webhooks/webhook-events";
import { startAbandonedRunSweep } from "./modules/run-progress/finish-abandoned-runs";
import { PUBLIC_TRACKING_LIMITS } from "./modules/tracking-links/public-tracking-limits";
import { PUBLIC_TRACKING_APP_KEY } from "./modules/tracking-links/public-channel";
import { authSecret, resolveAuthSecret, setAuthSecret } from "./security/auth-secret";
import { createGeocoder } from "./modules/geocoding/create-geocoder";
import { demoMarked, markDemo, startDemoFleet, type DemoFleet } from "./simulator/demo-fleet";
import type { Clock } from "./modules/stream/clock";
import { startTrackerService, type TrackerService } from "./tracker/tracker-service";
import { registryCatalogue } from "./tracker/protocol-catalogue";
import { setProtocolCatalogue } from "./modules/protocol-port";
import { startEvaluation } from "./modules/evaluation/evaluation-service";
import { startAuthorisedDriverSync } from "./modules/authorised-drivers/authorised-driver-sync";
import { InFlightRequests } from "./http/in-flight-requests";
import { startAdminChannel } from "./cli/admin-channel";

export interface RunningServer {
  url: string;
  port: number;
  database: Database;
  hub: Hub;
  trackers: TrackerService;
  /** the live stream's gateway (connection counts, backpressure) */
  stream: LiveStreamGateway;
  /** the live stream's own port when STREAM_PORT is set */
  streamPort: number | null;
  /** public tracking: the Pusher-protocol server and its channels */
  publicTracking: { pusher: PusherServer; gateway: PublicTrackingGateway };
  /** webhook deliveries of this node (queue figures, idle() for tests and benchmarks) */
  webhooks: WebhookDispatcher;
  /** the simulated demo fleet this server drives, if any */
  demoFleet: DemoFleet | null;
  /** approach alerts to passengers (tests wait for them with idle()) */
  approachAlerts: ApproachAlerts;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** false: no Next.js (tests and benchmarks of the server parts) */
  next?: boolean;
  /** answers what Next.js would when it is off (tests: the public tracking routes) */
  fallback?: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;
  /** the demo fleet's clock (tests drive minutes of demo driving at once); default real time */
  demoClock?: Clock;
}

export async function startFleetline(config: Env, options: StartOptions = {}): Promise<RunningServer> {
  const logger = log("server");
  const health: HealthState = { ready: false, ping: async () => {} };
  // /readyz: filled in as the parts start (docs/operations.md "Readiness")
  const readinessState: ReadinessState = {
    phase: "starting",
    pingDatabase: async () => {},
    pingRedis: null,
    listeners: () => [{ name: "http", port: null, listening: false }],
  };
  const unregisterMetrics: (() => void)[] = [];
  // the domain's protocol port (naming stored IO, IO units, which protocols carry commands), before anything serves
  setProtocolCatalogue(registryCatalogue);

  // The HTTP listener opens first, so /healthz answers 503 while everything else starts (operations.md "Health");
  // other requests get 503 with Retry-After until then.
  let handleApp: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  let handleUpgrade: ReturnType<typeof createUpgradeDispatcher> | null = null;
  const inFlight = new InFlightRequests();
  // who counts as local for /metrics and for the ports /readyz names (metrics-access.ts)
  const localAccess = { token: config.METRICS_TOKEN, trustProxy: config.TRUST_PROXY };
  const warnOfUntrustedProxy = untrustedProxyWarning(logger);
  const httpServer = createServer((request, response) => {
    inFlight.track(response);
    // Rate limits key on the client address from X-Forwarded-For. Unless a trusted proxy sets it, a client could
    // choose its own, so it is replaced with the socket's address.
    if (!config.TRUST_PROXY) {
      warnOfUntrustedProxy(request);
      request.headers["x-forwarded-for"] = request.socket.remoteAddress ?? "";
    }
    const pathname = (request.url ?? "/").split("?")[0]!;
    if (pathname === "/healthz") return void respondHealth(health, response);
    if (pathname === "/readyz") return void respondReadiness(readinessState, request, response, localAccess);
    // before Next.js, which would answer its 404 page; never logged (the request may carry METRICS_TOKEN)
    if (pathname === "/metrics") return void respondMetrics(request, response, localAccess);
    if (!pathname.startsWith(`${SOCKET_IO_PATH}/`)) countApiRequest(request, response, pathname);
    if (handleApp) return handleApp(request, response);
    response
      .writeHead(503, { "content-type": "application/json", "retry-after": "2" })
      .end(JSON.stringify({ message: "Fleetline is starting.", code: "SERVICE_UNAVAILABLE" }));
  });
  // An idle keep-alive connection is closed after this long. Node's 5 s default races clients that reuse a
  // connection just as the server closes it (the request fails with ECONNRESET: seen from Playwright's request
  // client on a busy machine); proxies and clients keep idle connections for up to 60 s, so the server keeps them
  // a little longer, and the headers timeout stays above it as Node requires.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;
  httpServer.on("upgrade", (request, socket, head) => {
    if (handleUpgrade) return handleUpgrade(request, socket, head);
    socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.PORT, config.HOST, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  let streamListener: LiveStreamListener | null = null;

  try {
    // owner-only before anything is written into it (the generated secret, the embedded database, the outboxes)
    const dataDir = secureDataDir(config.DATA_DIR);
    if (dataDir.notOurs) {
      logger.warn(
        { dataDir: dataDir.dir },
        "DATA_DIR is a shared directory or holds other things: its permissions were left alone; give Fleetline a directory of its own",
      );
    }
    if (dataDir.tightened.length > 0) {
      logger.warn(
        { dataDir: dataDir.dir, count: dataDir.tightened.length, examples: dataDir.tightened.slice(0, 5) },
        "DATA_DIR was readable by other users: made it owner-only (directories 0700, files 0600)",
      );
    }
    setAuthSecret(resolveAuthSecret({ authSecret: config.AUTH_SECRET, dataDir: config.DATA_DIR }));

    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    setDatabase(database);
    // one ping a second at most, shared by /healthz and /readyz, whatever the number of callers (shared-ping.ts)
    const pingDatabase = sharedPing(() => database.ping());
    health.ping = pingDatabase;
    readinessState.pingDatabase = pingDatabase;
    unregisterMetrics.push(metricSources().add("database", database));
    if (database.migrated.length > 0) logger.info({ migrations: database.migrated }, "database migrated");
    logger.info({ kind: database.kind }, "database open");

    const hub = config.REDIS_URL
      ? await createRedisHub(config.REDIS_URL, { onError: (error) => logger.error({ err: error }, "redis hub error") })
      : createMemoryHub();
    setHub(hub);
    if (hub.kind === "redis") readinessState.pingRedis = sharedPing(() => hub.ping());
    unregisterMetrics.push(metricSources().add("hub", hub));

    // FLEET_DEMO unset: seed when the embedded database is new, and keep driving the demo fleet on later starts of
    // an embedded database the demo was seeded into (docs/configuration.md)
    const demoWanted =
      config.FLEET_DEMO ?? (database.kind === "embedded" && (database.created || demoMarked(config.DATA_DIR)));
    // the account, its admin and vehicles now (the sign-in announces them); the rest while the server runs
    const demo = demoWanted ? await seedDemoAccount(database.prisma, { logger: log("demo") }) : null;
    if (demo?.signIn && database.kind === "embedded") markDemo(config.DATA_DIR);

    const nextApp =
      options.next === false
        ? null
        : next({ dev: config.NODE_ENV !== "production", dir: process.cwd(), hostname: "localhost", port });
    await nextApp?.prepare();
    const nextHandler = nextApp?.getRequestHandler();

    const liveStream = await createSocketIoServer({
      redisUrl: config.REDIS_URL,
      onError: (error) => logger.error({ err: error }, "socket.io redis error"),
    });
    const liveStreamGateway = await startLiveStream({
      io: liveStream.io,
      hub,
      redisUrl: config.REDIS_URL,
      maxConnectionsPerAccount: config.STREAM_MAX_CONNECTIONS_PER_ACCOUNT,
      trustProxy: config.TRUST_PROXY,
      logger: log("live-stream"),
    });

    unregisterMetrics.push(metricSources().add("liveStream", liveStreamGateway));

    // public tracking: the Pusher-protocol server at /app/public-tracking ({ws_url}; docs/public-tracking.md)
    // what the hub says of today's runs (ETAs, stops reached), for route-based links' locations, here and in the REST
    // routes (a process-wide board: Next's bundle is another module instance)
    const runBoard = createRunBoard({ hub, onError: (error) => log("public-tracking").warn({ err: error }, "run board: stored progress unread") });
    setRunBoard(runBoard);
    const trackingGateway = createPublicTrackingGateway({ hub, logger: log("public-tracking"), runs: runBoard });
    // the other private channels on the same server: a dashboard user's inbox feed, ... (docs/notifications-inbox.md)
    const privateChannels = createPrivateChannelsGateway({ hub, logger: log("pusher") });
    const wsPerIp = PUBLIC_TRACKING_LIMITS.webSocketsPerIp;
    const pusher = createPusherServer({
      appKey: PUBLIC_TRACKING_APP_KEY,
      authority: routeChannels(trackingGateway, privateChannels),
      ipCap: config.REDIS_URL
        ? await createRedisConnectionCap({
            url: config.REDIS_URL,
            max: wsPerIp,
            keyPrefix: "fleetline:tracking:connections:",
            onError: (error, what) => logger.warn({ err: error }, `public tracking connection cap: ${what}`),
          })
        : createMemoryConnectionCap(wsPerIp),
      trustProxy: config.TRUST_PROXY,
      logger: log("pusher"),
    });
    unregisterMetrics.push(metricSources().add("pusher", pusher));
    // report job status at /reporting ({reporting_ws_url}; docs/reports.md), fed by the hub from every node's jobs
    const reportingSocket = createReportingSocketServer({ hub, logger: log("reporting") });
    const linkScheduler = startLinkScheduler({ logger: log("tracking-links") });
    // pending import jobs (501 to 5,000 rows): every node works on them; a queued job wakes this node's worker
    const importWorker = startImportWorker({ logger: log("imports") });
    registerImportWakeup(importWorker.wake);
    // connected spreadsheets (published CSV addresses people added in the dashboard), checked every 30 minutes by
    // whichever node claims them first; only those addresses are fetched, through the webhook SSRF guard
    const spreadsheetWorker = startSpreadsheetWorker({ logger: log("imports"), allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, onQueued: importWorker.wake });
    // webhooks: events announced on this node are delivered from it, after the request that caused them has been
    // answered (docs/webhooks.md); the delivery log keeps 30 days
    const webhooks = startWebhookDispatcher({ logger: log("webhooks"), allowPrivate: config.WEBHOOK_ALLOW_PRIVATE });
    setWebhookAnnouncer(webhooks.announce);
    const deliveryLogRetention = startDeliveryLogRetention({ logger: log("webhooks") });
    // accounts that keep their history for a period: older positions, trips and alerts go, hourly, in small batches
    const historyRetention = startHistoryRetention({ logger: log("retention") });
    // reports made in the background (docs/reports.md "Jobs"): one job at a time per node, yielding between batches
    // so ingest keeps its pace; scheduled reports queue jobs and mail their files
    const reportSchedules = startReportScheduleWorker({ logger: log("reports") });
    const reportWorker = startReportWorker({ logger: log("reports"), produce: produceJobFile, onScheduledJobFinished: () => reportSchedules.wake() });
    registerReportWakeup(reportWorker.wake);
    // report day rollups marked dirty by ingest are recomputed in the background (docs/reports-engine.md)
    const reportRollups = startRollupWorker({ logger: log("reports") });
    // alert notifications (docs/notifications.md): the alert path only queues outbox rows; this worker sends them
    // (in batches: a batch's in-app messages go into the inbox with one insert)
    // On PostgreSQL it runs in a child process of its own at a lower OS priority (NOTIFICATION_WORKER=process, the
    // default), so an alert storm's deliveries never take the CPU of the event loop that acknowledges devices; the
    // embedded database belongs to this process, so there it runs here (docs/notifications.md "Where the worker runs")
    const announceAlert = (accountId: number, data: AlertFiredData) => emitWebhookEvent(accountId, "alert_fired", data);
    const notifications =
      database.kind === "postgres" && config.NOTIFICATION_WORKER === "process"
        ? startNotificationProcess({ config, authSecret: authSecret(), hub, logger: log("notifications"), announceAlert })
        : startNotificationWorker({ logger: log("notifications"), mailer, sms: smsProvider, addInboxes: addInboxNotifications, announceAlert });
    if ("state" in notifications) {
      setNotificationWake(notifications.wake);
      readinessState.notificationWorker = notifications.state;
    }
    // driver messages not received in time go out by SMS, in accounts that turned it on (docs/messaging.md)
    const smsFallback = startSmsFallbackWorker({ logger: log("messages") });
    // every vehicle's odometer as an odometer entry once per 2-hour slot, claimed by one node (docs/fleet-records.md)
    const odometerPoll = startOdometerPollWorker({ logger: log("odometer") });
    // service and renewal reminders (docs/fleet-records.md): re-evaluated every 15 minutes (sooner after a new
    // odometer reading), each change to due soon or overdue queued once into the notification outbox
    const reminderWorker = startReminderWorker({ logger: log("reminders") });
    // school runs left in progress by a node that stopped: any node finishes them once their end time has passed
    // (docs/run-progress.md "The end time"), one node per run
    const abandonedRuns = startAbandonedRunSweep({ hub, logger: log("run-progress") });

    const headerOptions = securityHeaderOptions(config);
    handleApp = (request, response) => {
      const pathname = (request.url ?? "/").split("?")[0]!;
      if (pathname.startsWith(`${SOCKET_IO_PATH}/`)) return liveStream.handleRequest(request, response);
      applySecurityHeaders(request, response, headerOptions);
      if (nextHandler) return void nextHandler(request, response);
      if (options.fallback) {
        return void Promise.resolve(options.fallback(request, response)).catch((error) => {
          logger.error({ err: error }, "fallback handler failed");
          if (!response.headersSent) response.writeHead(500).end();
        });
      }
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ message: "Not found." }));
    };
    if (config.STREAM_PORT !== undefined) {
      streamListener = await startLiveStreamListener({ host: config.HOST, port: config.STREAM_PORT, live: liveStream });
    }
    handleUpgrade = createUpgradeDispatcher(
      [
        { prefix: `${SOCKET_IO_PATH}/`, handle: liveStream.handleUpgrade },
        { prefix: PUSHER_PATH_PREFIX, handle: pusher.handleUpgrade },
        { prefix: REPORTING_PATH, handle: reportingSocket.handleUpgrade },
      ],
      nextApp ? nextApp.getUpgradeHandler() : undefined,
    );

    const trackers = await startTrackerService({
      prisma: database.prisma,
      sql: database.sql,
      hub,
      host: config.HOST,
      teltonikaPort: config.TELTONIKA_PORT,
      teltonikaUdp: config.TELTONIKA_UDP,
      gt06Port: config.GT06_PORT,
      osmandPort: config.OSMAND_PORT,
      maxConnectionsPerAddress: config.TELTONIKA_MAX_CONNECTIONS_PER_ADDRESS,
      embedded: database.kind === "embedded",
      logger: log("tracker"),
      geocoder: createGeocoder(config.GEOCODER),
      reportRollups: config.REPORT_ROLLUPS,
    });
    // alert rules, vehicle health and driver behaviour for the devices connected to this node (docs/alerts.md)
    const evaluation = startEvaluation({ prisma: database.prisma, sql: database.sql, hub, local: trackers.local, logger: log("evaluation") });
    // authorised-driver lists pushed to the trackers connected to this node (docs/vehicle-control.md)
    const driverSync = startAuthorisedDriverSync({
      prisma: database.prisma,
      hub,
      sessions: trackers.sessions,
      local: trackers.local,
      logger: log("authorised-drivers"),
    });
    // arrival-based expiry of tracking links, for the devices connected to this node
    const arrivals = startArrivalWatcher({ hub, local: trackers.local, logger: log("tracking-links") });
    // "the bus is N minutes from your stop", for passengers who asked on their page (docs/passengers.md)
    const approachAlerts = startApproachAlerts({ prisma: database.prisma, hub, logger: log("passengers") });
    const demoFleet = demo
      ? startDemoFleet({
          prisma: database.prisma,
          ports: { teltonika: trackers.tcpPort, gt06: trackers.streamPort("gt06"), osmand: trackers.osmandPort },
          logger: log("demo"),
          prepare: () => seedDemoContents(demo.accountId, { logger: log("demo") }),
          clock: options.demoClock,
        })
      : null;
    const url = config.PORT === port ? config.PUBLIC_URL : `http://localhost:${port}`;
    logger.info({ address: `${config.HOST}:${port}`, url }, "http listening (dashboard, REST, socket.io at /socket.io, pusher at /app/public-tracking, report status at /reporting)");
    if (streamListener) logger.info({ address: `${config.HOST}:${streamListener.port}` }, "live stream listening (socket.io)");
    readinessState.listeners = () => [
      { name: "http", port, listening: httpServer.listening },
      ...trackers.listeners(),
    ];
    // on the embedded database, the admin CLI beside this server hands its commands to it (docs/cli.md)
    const adminChannel =
      database.kind === "embedded" ? await startAdminChannel({ dataDir: config.DATA_DIR, config, logger: log("cli") }) : null;
    health.ready = true;
    readinessState.phase = "running";

    // only when this start seeded the demo: the password into an owner-only file, on the console only at a terminal
    if (demo?.signIn) announceDemoSignIn(demo.signIn, { url, dataDir: config.DATA_DIR, output: process.stdout });

    let stopping: Promise<void> | undefined;
    return {
      url,
      port,
      database,
      hub,
      trackers,
      stream: liveStreamGateway,
      streamPort: streamListener?.port ?? null,
      publicTracking: { pusher, gateway: trackingGateway },
      webhooks,
      demoFleet,
      approachAlerts,
      stop: () =>
        (stopping ??= (async () => {
          health.ready = false;
          readinessState.phase = "stopping";
          logger.info("stopping");
          await demoFleet?.stop();
          await trackers.stop(); // stop accepting devices, store (and acknowledge) what was received
          await driverSync.stop(); // attempts under way end as their sessions closed (retried by whichever node)
          await evaluation.stop(); // evaluate, store and publish what the devices sent
          arrivals.stop();
          await approachAlerts.stop(); // messages being sent go out
          await linkScheduler.stop();
          await spreadsheetWorker.stop(); // a check cut short is taken up again once its claim lapses
          registerImportWakeup(undefined);
          await importWorker.stop(); // a job cut short continues where its last chunk ended, here or on another node
          registerReportWakeup(undefined);
          await reportSchedules.stop();
          if ("state" in notifications) setNotificationWake(undefined);
          await notifications.stop();
          await reportWorker.stop(); // a report cut short is made again, here or elsewhere, once its lease lapses
          await smsFallback.stop(); // a claimed message is sent before the pass ends
          await odometerPoll.stop(); // vehicles claimed but not polled yet wait for the next slot
          await reminderWorker.stop();
          await abandonedRuns.stop();
          // viewers' WebSockets are upgraded sockets the HTTP server would wait for: closed first (1001, going away)
          await trackingGateway.close();
          setRunBoard(undefined);
          runBoard.close();
          privateChannels.close();
          await pusher.close();
          await reportingSocket.close();
          // stream clients too (their long-polling requests would otherwise hold the HTTP stop for its whole grace)
          await liveStreamGateway.close();
          await liveStream.close();
          // no new request; those under way are answered (for a grace period) before their connections close
          const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
          httpServer.closeIdleConnections();
          await inFlight.drain();
          httpServer.closeAllConnections();
          await httpClosed;
          await streamListener?.close();
          // no request can announce an event any more: attempts under way get a short grace, the rest is logged
          setWebhookAnnouncer(undefined);
          await webhooks.stop();
          await deliveryLogRetention.stop();
          await historyRetention.stop();
          await reportRollups.stop();
          await adminChannel?.close(); // commands it is running finish first
          await nextApp?.close();
          await closeRateLimits();
          await closeMailer();
          await closeSmsProvider();
          await hub.close();
          await database.close();
          setDatabase(undefined);
          setHub(undefined);
          for (const unregister of unregisterMetrics.splice(0)) unregister();
          logger.info("stopped");
        })()),
    };
  } catch (error) {
    // start-up failed after the listener opened: close it, so the process (or test) can exit cleanly
    for (const unregister of unregisterMetrics.splice(0)) unregister();
    await streamListener?.close();
    httpServer.closeAllConnections();
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    throw error;
  }
}
