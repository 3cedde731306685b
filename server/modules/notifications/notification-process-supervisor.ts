// The server's side of the notification worker process (notification-process.ts; docs/notifications.md "Where the
// worker runs"): starts it at a lower OS priority than the server (ingest wins the CPU when both want it), wakes it when
// rows are queued, publishes on the server's hub and announces the webhooks it hands over, and restarts it when it
// dies (after 1 s, doubling to 30 s while it keeps dying), logging each exit. Nothing is lost meanwhile: the outbox is
// in the database, and rows a dead process had claimed are due again when their lease runs out.
import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { Logger } from "pino";
import type { Env } from "../../env";
import type { Hub, HubEventName, HubEvents } from "../../hub";
import type { FromNotificationProcess, ToNotificationProcess } from "./notification-process-messages";
import type { AlertFiredData } from "./notification-worker";
import type { DELIVERY_LIMITS } from "./notification-timing";

/** the process's niceness: below the server's, so a saturated machine runs ingest first */
export const NOTIFICATION_PROCESS_NICENESS = 10;
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
/** a process that ran this long is healthy again: the next restart waits RESTART_FIRST_MS */
const HEALTHY_AFTER_MS = 60_000;
/** how long a stop waits for the pass under way before the process is killed (its claims then lapse) */
const STOP_GRACE_MS = 15_000;

export interface NotificationProcessState {
  status: "starting" | "running" | "restarting" | "stopped";
  pid: number | null;
  /** times it died and was started again since the server started */
  restarts: number;
}

export interface NotificationProcess {
  wake(): void;
  state(): NotificationProcessState;
  /** resolves once the process is running (start-up, or after a restart) */
  running(): Promise<void>;
  /** the process's id, for tests that kill it */
  pid(): number | null;
  stop(): Promise<void>;
}

export function startNotificationProcess(options: {
  config: Env;
  authSecret: string;
  hub: Hub;
  logger: Logger;
  announceAlert: (accountId: number, data: AlertFiredData) => void;
  /** other limits (the benchmark lifts the caps) */
  limits?: Partial<Record<keyof typeof DELIVERY_LIMITS, number>>;
  niceness?: number;
}): NotificationProcess {
  const { logger } = options;
  const state: NotificationProcessState = { status: "starting", pid: null, restarts: 0 };
  let child: ChildProcess | null = null;
  let stopping = false;
  let restartMs = RESTART_FIRST_MS;
  let restartTimer: NodeJS.Timeout | null = null;
  let waiters: (() => void)[] = [];

  const launch = () => {
    const startedAt = Date.now();
    // Node with tsx's loader, as npm start runs the server; the child shares the server's stdout (its log lines)
    const proc = fork(path.join(import.meta.dirname, "notification-process.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      // structured clone, not JSON: limits may be Infinity (caps lifted), and payloads keep their types
      serialization: "advanced",
    });
    child = proc;
    state.pid = proc.pid ?? null;
    try {
      if (proc.pid) os.setPriority(proc.pid, options.niceness ?? NOTIFICATION_PROCESS_NICENESS);
    } catch (error) {
      logger.warn({ err: error }, "notification worker process: could not lower its priority");
    }
    proc.send({ type: "start", config: options.config, authSecret: options.authSecret, limits: options.limits } satisfies ToNotificationProcess);
    proc.on("message", (message: FromNotificationProcess) => {
      switch (message.type) {
        case "ready":
          state.status = "running";
          for (const resolve of waiters.splice(0)) resolve();
          break;
        case "publish":
          options.hub
            .publish(message.event as HubEventName, message.payload as HubEvents[HubEventName])
            .catch((error: unknown) => logger.warn({ err: error, event: message.event }, "notification worker process: publish failed"));
          break;
        case "webhook":
          options.announceAlert(message.accountId, message.data);
          break;
      }
    });
    proc.on("error", (error) => logger.error({ err: error }, "notification worker process error"));
    proc.once("exit", (code, signal) => {
      if (child === proc) child = null;
      state.pid = null;
      if (stopping) return;
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) restartMs = RESTART_FIRST_MS;
      state.status = "restarting";
      state.restarts++;
      logger.error({ code, signal, restartInMs: restartMs, restarts: state.restarts }, "notification worker process exited: restarting it");
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (!stopping) launch();
      }, restartMs);
      restartTimer.unref();
      restartMs = Math.min(RESTART_MAX_MS, restartMs * 2);
    });
  };
  launch();

  const tell = (message: ToNotificationProcess) => {
    if (child?.connected) child.send(message);
  };
  return {
    wake: () => tell({ type: "wake" }),
    state: () => ({ ...state }),
    running: () => (state.status === "running" ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    pid: () => state.pid,
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      state.status = "stopped";
      for (const resolve of waiters.splice(0)) resolve();
      waiters = [];
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
      if (proc.connected) proc.send({ type: "stop" } satisfies ToNotificationProcess);
      else proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
