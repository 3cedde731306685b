// The notification worker as a process of its own (docs/notifications.md "Where the worker runs"): started by the
// server on PostgreSQL (notification-process-supervisor.ts), so that deciding and writing an alert storm's messages
// takes CPU from its own process, at a lower OS priority, never from the event loop that acknowledges devices. It
// works on the same outbox in the same database as every node's worker (claims keep two workers off one row), owns
// no socket, and hands what it would publish on the hub and the webhooks it would announce to the server over IPC.
// The embedded database (PGlite) belongs to one process: there the worker stays in the server's process.
import { openDatabase, setDatabase } from "../../db/client";
import { setEnv } from "../../env";
import type { Hub } from "../../hub";
import { setHub } from "../../hub";
import { log } from "../../log";
import { closeMailer, mailer } from "../../mail/mailer";
import { setAuthSecret } from "../../security/auth-secret";
import { closeSmsProvider, smsProvider } from "../../sms/sms-provider";
import { addInboxNotifications } from "./inbox/add-inbox-notifications";
import type { FromNotificationProcess, ToNotificationProcess } from "./notification-process-messages";
import type { PollingWorker } from "../../jobs/polling-worker";
import { startNotificationWorker } from "./notification-worker";

const send = (message: FromNotificationProcess) => {
  // the server went away (it restarts us, or is stopping): nothing to tell it
  if (process.connected) process.send!(message);
};

/** the hub as this process sees it: publishing only, through the server (which publishes on its own hub) */
function serverHub(): Hub {
  return {
    kind: "memory",
    async publish(event, payload) {
      send({ type: "publish", event, payload });
    },
    subscribe() {
      throw new Error("the notification process does not subscribe to the hub");
    },
    async ready() {},
    connected: () => process.connected,
    async ping() {},
    async close() {},
  };
}

// Listening from the first moment: a stop (or a wake) may come while the process is still starting
let worker: PollingWorker | undefined;
let stopping: Promise<void> | undefined;
let closeAll: (() => Promise<void>) | undefined;
const stop = () =>
  (stopping ??= (async () => {
    // before the worker started nothing is claimed: there is nothing to finish
    await worker?.stop(); // the batch under way is written; rows claimed but not sent are due again when their lease ends
    await closeAll?.();
    process.exit(0);
  })());
let started: (message: Extract<ToNotificationProcess, { type: "start" }>) => void;
const start = new Promise<Extract<ToNotificationProcess, { type: "start" }>>((resolve) => (started = resolve));
process.on("message", (message: ToNotificationProcess) => {
  if (message.type === "start") started(message);
  if (message.type === "wake") worker?.wake();
  if (message.type === "stop") void stop();
});
// the server is gone (killed, crashed): nobody would restart or stop us, so we stop
process.on("disconnect", () => void stop());
// a terminal's Ctrl-C reaches the whole process group: the server decides when this process stops; a SIGTERM of its
// own stops it as gracefully as the server's word would (the server restarts it unless the server itself is stopping)
process.on("SIGINT", () => {});
process.on("SIGTERM", () => void stop());

const { config: givenConfig, authSecret, limits } = await start;
const config = setEnv(givenConfig);
setAuthSecret(authSecret);
const logger = log("notifications");
if (!config.DATABASE_URL) throw new Error("the notification process needs DATABASE_URL: the embedded database belongs to the server's process");
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
closeAll = async () => {
  await closeMailer();
  await closeSmsProvider();
  await database.close();
};
if (stopping) await stopping;
setDatabase(database);
setHub(serverHub());
worker = startNotificationWorker({
  logger,
  mailer,
  sms: smsProvider,
  addInboxes: addInboxNotifications,
  announceAlert: (accountId, data) => send({ type: "webhook", accountId, data }),
  limits,
});
send({ type: "ready" });
logger.info({ pid: process.pid }, "notification worker process running");
