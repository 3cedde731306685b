// GET /readyz (docs/operations.md "Readiness"): whether this node can take traffic, per dependency, for load
// balancers and orchestrators. /healthz stays the cheap liveness answer; this one asks every dependency, each
// bounded: a dependency that does not answer within READY_CHECK_MS counts as down, so the answer never hangs.
//   200 {"status":"ready","checks":{"database":{"status":"ok"},"redis":{"status":"ok"},"listeners":{...}}}
//   503 {"status":"not_ready","failing":["database"],"checks":{"database":{"status":"down","reason":"..."},...}}
//   503 {"status":"starting"|"stopping","failing":[],"checks":{}} before start-up finished and once a stop began
// Reasons name the kind of failure only (no timeout), never an address or a driver's message.
// Anyone may ask, so the listeners' ports are named only to a local caller (loopback, or the METRICS_TOKEN holder:
// the rule of /metrics), and the pings come through shared-ping.ts (one a second, whatever the number of callers).
import type { IncomingMessage, ServerResponse } from "node:http";
import { metricsAccess } from "./metrics-access";
import { PingTimeoutError } from "./shared-ping";

export const READY_CHECK_MS = 2000;

export interface ListenerState {
  /** e.g. http, teltonika-tcp, teltonika-udp, live-stream */
  name: string;
  port: number | null;
  listening: boolean;
}

export interface ReadinessState {
  phase: "starting" | "running" | "stopping";
  pingDatabase: () => Promise<void>;
  /** null without REDIS_URL (no check, no entry) */
  pingRedis: (() => Promise<void>) | null;
  listeners: () => ListenerState[];
  /**
   * the notification worker process (PostgreSQL; null when the worker runs in this process): reported, never failing
   * readiness (this node serves all the same, and it is restarted; docs/notifications.md "Where the worker runs")
   */
  notificationWorker?: (() => { status: string; pid: number | null; restarts: number }) | null;
}

type Check = { status: "ok" } | { status: "down"; reason: string };

async function bounded(ping: () => Promise<void>, what: string): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError()), READY_CHECK_MS);
      }),
    ]);
    return { status: "ok" };
  } catch (error) {
    return {
      status: "down",
      reason:
        error instanceof TimeoutError || error instanceof PingTimeoutError
          ? `${what} did not answer within ${READY_CHECK_MS / 1000} s`
          : `${what} unreachable`,
    };
  } finally {
    clearTimeout(timer);
  }
}

class TimeoutError extends Error {}

/** `showPorts`: name each listener's port (only for a local caller) */
export async function readiness(
  state: ReadinessState,
  options: { showPorts: boolean } = { showPorts: true },
): Promise<{ status: number; body: Record<string, unknown> }> {
  if (state.phase !== "running") return { status: 503, body: { status: state.phase, failing: [], checks: {} } };
  const [database, redis] = await Promise.all([
    bounded(state.pingDatabase, "the database"),
    state.pingRedis ? bounded(state.pingRedis, "Redis") : Promise.resolve(null),
  ]);
  const listeners = state.listeners();
  const closed = listeners.filter((listener) => !listener.listening).map((listener) => listener.name);
  const checks: Record<string, unknown> = {
    database,
    ...(redis ? { redis } : {}),
    listeners: {
      ...(closed.length === 0 ? { status: "ok" } : { status: "down", reason: `not listening: ${closed.join(", ")}` }),
      ...(options.showPorts ? { ports: Object.fromEntries(listeners.map((listener) => [listener.name, listener.port])) } : {}),
    },
  };
  const worker = state.notificationWorker?.();
  if (worker) {
    checks.notification_worker =
      worker.status === "running"
        ? { status: "ok", restarts: worker.restarts }
        : { status: "down", reason: `notification worker process ${worker.status}`, restarts: worker.restarts };
  }
  const failing = [
    ...(database.status === "down" ? ["database"] : []),
    ...(redis?.status === "down" ? ["redis"] : []),
    ...(closed.length > 0 ? ["listeners"] : []),
  ];
  return failing.length === 0
    ? { status: 200, body: { status: "ready", checks } }
    : { status: 503, body: { status: "not_ready", failing, checks } };
}

export async function respondReadiness(
  state: ReadinessState,
  request: IncomingMessage,
  response: ServerResponse,
  access: { token?: string; trustProxy: boolean },
): Promise<void> {
  const { status, body } = await readiness(state, { showPorts: metricsAccess(request, access).allowed });
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}
