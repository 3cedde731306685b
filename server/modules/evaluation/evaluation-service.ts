// The evaluators, wired: alert rules, vehicle health snapshots, driver behaviour and the connectivity gate listen to
// the tracker service's process-local hub (`trackers.local`: positions and sessions of the devices connected to
// this node), so each record and each session change is evaluated exactly once in a cluster; what they produce is
// published on the cluster hub (`alert`, `vehicle_health`, `driver_behavior`), where the live stream gateway of every
// node picks it up. Nothing here waits for the database per position: account rules and entitlements come from
// AccountContextCache; fired alerts are stored (and then published) on a queue behind the hot path (behaviour events
// are stored there too, many per insert, for driver scorecards), and their
// notification outbox rows are queued behind that, many alerts at once (notifications/alert-notification-queue.ts).
import type { Logger } from "pino";
import { database, type Db, type SqlClient } from "../../db/client";
import type { Hub, HubEvents } from "../../hub";
import { AlertEvaluator } from "../alerts/alert-evaluator";
import { CONNECTIVITY_SWEEP_MS, ConnectivityGate } from "../alerts/connectivity-gate";
import { AlertNotificationQueue } from "../notifications/alert-notification-queue";
import { recordAlert, type AlertDraft } from "../alerts/record-alert";
import { BehaviorDetector } from "../driver-behavior/behavior-detector";
import { recordBehaviorEvents } from "../driver-behavior/record-behavior-events";
import type { DriverBehaviorMessage } from "../stream/channel-messages";
import type { LivePosition } from "../positions/live-position";
import { HealthTracker } from "../vehicle-health/health-tracker";
import { toEventPosition } from "../stream/event-position";
import { loadAccountContext, type AccountContext } from "./account-context";
import { AccountContextCache } from "./account-context-cache";
import { SerialQueue } from "../../serial-queue";
import { RunProgressTracker } from "../run-progress/run-progress-tracker";

/** how often runs whose end time passed without a fix are finished */
export const RUN_SWEEP_MS = 60_000;

/** how often held health snapshots are flushed (their window is a minute; this is the lateness at most) */
export const HEALTH_FLUSH_MS = 5_000;

export interface EvaluationOptions {
  prisma: Db;
  /** plain SQL on the same database (the run-progress states); omitted: the process database's */
  sql?: SqlClient;
  /** the cluster hub: rule changes arrive here, results leave here */
  hub: Hub;
  /** this node's devices (TrackerService.local) */
  local: Hub;
  logger: Logger;
  now?: () => number;
  /** false: no timers (tests call sweep() themselves) */
  timers?: boolean;
}

export class EvaluationService {
  readonly contexts: AccountContextCache;
  private readonly alerts = new AlertEvaluator();
  private readonly health = new HealthTracker();
  private readonly behavior = new BehaviorDetector();
  private readonly gate: ConnectivityGate;
  /** school runs: stop arrivals and departures of the runs these vehicles drive (docs/run-progress.md) */
  readonly runs: RunProgressTracker;
  private readonly recorder: SerialQueue;
  /** behaviour events waiting for the recorder's next batch insert */
  private readonly behaviorBatch: DriverBehaviorMessage[] = [];
  private readonly notifications: AlertNotificationQueue;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly now: () => number;

  constructor(private readonly options: EvaluationOptions) {
    const { prisma, logger } = options;
    this.now = options.now ?? Date.now;
    this.contexts = new AccountContextCache({
      load: async (accountId) => {
        const context = await loadAccountContext(prisma, accountId, logger);
        if (context) this.alerts.prune(accountId, context.rules);
        return context;
      },
      logger,
      now: this.now,
    });
    this.recorder = new SerialQueue(logger, "alert recording");
    this.notifications = new AlertNotificationQueue({ prisma, logger, now: this.now });
    this.runs = new RunProgressTracker({ prisma, sql: options.sql ?? database().sql, hub: options.hub, logger, now: this.now });
    this.gate = new ConnectivityGate({ prisma, logger, now: this.now, startedAt: this.now(), emit: (draft) => this.record(draft) });
  }

  start(): this {
    const { hub, local } = this.options;
    this.unsubscribe.push(
      local.subscribe("position", (position) => this.onPosition(position)),
      local.subscribe("tracker.connection", (event) => this.onConnection(event)),
      hub.subscribe("alert-rules.changed", ({ accountId }) => this.contexts.invalidate(accountId)),
      hub.subscribe("account.changed", ({ accountId }) => this.contexts.invalidate(accountId)),
      hub.subscribe("runs.changed", ({ accountId }) => this.runs.invalidate(accountId)),
    );
    if (this.options.timers !== false) {
      this.timers.push(
        setInterval(() => this.gate.sweep(), CONNECTIVITY_SWEEP_MS),
        setInterval(() => this.flushHealth(), HEALTH_FLUSH_MS),
        setInterval(() => this.runs.sweep(), RUN_SWEEP_MS),
      );
      for (const timer of this.timers) timer.unref();
    }
    return this;
  }

  onPosition(position: LivePosition): void {
    // runs need no account context (no entitlement gates them): queued in the tracker, behind nothing else
    this.runs.onPosition(position);
    this.contexts.run(position.accountId, (context) => this.evaluate(context, position));
  }

  onConnection(event: HubEvents["tracker.connection"]): void {
    if (event.assetId === null) return;
    this.contexts.run(event.accountId, (context) => this.gate.onConnection(context, event));
  }

  /** one connectivity sweep now (the timer does this every CONNECTIVITY_SWEEP_MS) */
  sweep(): void {
    this.gate.sweep();
  }

  /** publishes held health snapshots whose window has opened (the timer does this every HEALTH_FLUSH_MS) */
  flushHealth(): void {
    for (const message of this.health.flushDue(this.now())) {
      // held while the account had the add-on; not sent if it lost it meanwhile (an unknown account: keep it)
      if (this.contexts.peek(message.accountId)?.addonMobility === false) continue;
      this.publish("vehicle_health", message);
    }
  }

  /** resolves once everything received so far is evaluated, stored and published */
  async drain(): Promise<void> {
    await this.contexts.drain();
    await this.gate.drain();
    await this.recorder.drain();
    await this.notifications.drain();
    await this.runs.drain();
  }

  async stop(): Promise<void> {
    for (const off of this.unsubscribe.splice(0)) off();
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.drain();
  }

  private evaluate(context: AccountContext, position: LivePosition): void {
    for (const { rule, firing } of this.alerts.evaluate(context.rules, position)) {
      this.record({ accountId: position.accountId, assetId: position.assetId, rule, firing, position: toEventPosition(position) });
    }
    if (context.addonMobility) {
      const snapshot = this.health.offer(position, this.now());
      if (snapshot) this.publish("vehicle_health", snapshot);
    }
    if (context.addonDriver) {
      for (const event of this.behavior.offer(position)) {
        this.publish("driver_behavior", event);
        this.storeBehavior(event);
      }
    }
    this.gate.onPosition(context, position);
  }

  private record(draft: AlertDraft): void {
    this.recorder.push(async () => {
      const message = await recordAlert(this.options.prisma, draft);
      if (!message) return;
      await this.options.hub.publish("alert", message);
      // the outbox rows only, queued behind the recorder with the other alerts of the moment (one insert for many);
      // the notification worker sends them: neither ingest nor the recorder waits for a mail server or the outbox
      this.notifications.push({ id: message.id, accountId: message.accountId, assetId: message.assetId, ruleId: message.rule.id, type: message.type, firedAt: message.firedAt });
    });
  }

  /** queues the event for storage: one insert takes every event that arrived while the recorder was busy */
  private storeBehavior(event: DriverBehaviorMessage): void {
    this.behaviorBatch.push(event);
    if (this.behaviorBatch.length > 1) return; // the insert already queued takes this one too
    this.recorder.push(() => recordBehaviorEvents(this.options.prisma, this.behaviorBatch.splice(0)));
  }

  private publish<E extends "vehicle_health" | "driver_behavior">(event: E, payload: HubEvents[E]): void {
    this.options.hub
      .publish(event, payload)
      .catch((error: unknown) => this.options.logger.error({ err: error, event }, "evaluation result not published"));
  }
}

export function startEvaluation(options: EvaluationOptions): EvaluationService {
  return new EvaluationService(options).start();
}
