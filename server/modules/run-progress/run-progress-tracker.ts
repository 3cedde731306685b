// Follows the runs of the vehicles connected to this node: the evaluation service hands it every position it
// evaluates (once in the cluster), and the tracker advances the state machine of each run that vehicle drives now,
// stores the state and publishes the events ("run.progress"). Off the acknowledgement path twice over: the positions
// arrive from the process-local hub after the device was answered, and the work per position is queued here, so
// neither the pipeline nor the alert evaluators wait for a state to be read or written.
//
// What it holds: per account, the runs of yesterday and today with their plans (followed-runs.ts), kept a minute or
// until "runs.changed"; per run, its state, loaded from `run_progress` the first time and then kept in memory. A
// state is written when it produced events (before they are published, so an event on the hub is always in the
// database) and otherwise at most once a minute, which is what a restart resumes from. A write lands only over the
// event count it was computed from (run-progress-store.ts): when a cancellation or another node's sweep wrote the row
// meanwhile, the state is read again and the fix evaluated anew, so no event is announced twice.
//
// After each fix of a run in progress it also publishes the estimated arrivals at the stops still ahead ("run.eta",
// run-eta.ts), after that fix's run.progress events, and one last message without stops when the run is over; the
// latest estimates are written with the state (run_progress.eta) for readers that did not hear them.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Hub } from "../../hub";
import { SerialQueue } from "../../serial-queue";
import type { LivePosition } from "../positions/live-position";
import { loadFollowedRuns, type FollowedRun } from "./followed-runs";
import { doorOpen } from "./door-open";
import { advance, expire, initialState, isTerminal, RUN_PROGRESS_RULES, type RunProgressEvent, type RunProgressState, type Step } from "./run-progress";
import { runProgressMessage } from "./run-progress-message";
import { announceRunEvents } from "./announce-run-events";
import { estimateArrivals } from "./run-eta";
import type { RunEtaMessage, RunEtaStop } from "./run-eta-message";
import { readProgress, writeProgress, WRITE_ATTEMPTS } from "./run-progress-store";
import { SegmentHistoryCache } from "./segment-history-cache";

/** how long an account's runs are kept before they are read again (changes also announce themselves) */
export const FOLLOWED_RUNS_MAX_AGE_MS = 60_000;
/** a state without events is written at most this often */
export const STATE_WRITE_EVERY_MS = 60_000;

interface AccountRuns {
  loadedAt: number;
  byAsset: Map<number, FollowedRun[]>;
}

interface HeldState {
  state: RunProgressState;
  /** the vehicle whose fix last moved it: a fix of another vehicle starts a new path */
  assetId: number | null;
  eventCount: number;
  /** a row exists for it (else the first write creates it) */
  stored: boolean;
  writtenAt: number;
  run: FollowedRun;
}

export interface RunProgressTrackerOptions {
  prisma: Db;
  hub: Hub;
  logger: Logger;
  now?: () => number;
}

export class RunProgressTracker {
  private readonly accounts = new Map<number, AccountRuns>();
  private readonly states = new Map<string, HeldState>();
  private readonly queue: SerialQueue;
  private readonly now: () => number;
  private readonly histories: SegmentHistoryCache;

  constructor(private readonly options: RunProgressTrackerOptions) {
    this.now = options.now ?? Date.now;
    this.queue = new SerialQueue(options.logger, "run progress");
    this.histories = new SegmentHistoryCache(options.prisma, options.logger, this.now);
  }

  /** an account's routes or runs changed: read them again before its next position */
  invalidate(accountId: number): void {
    this.accounts.delete(accountId);
  }

  onPosition(position: LivePosition): void {
    const known = this.accounts.get(position.accountId);
    // the common case, decided without queueing: a fresh list of the account's runs and none for this vehicle now
    if (known && this.now() - known.loadedAt < FOLLOWED_RUNS_MAX_AGE_MS && this.relevant(known, position).length === 0) return;
    this.queue.push(() => this.follow(position));
  }

  /**
   * finishes the held runs whose end time and grace passed without a fix (a vehicle switched off at the school), and
   * forgets the states no fix can change any more (over, or past their window)
   */
  sweep(): void {
    this.queue.push(async () => {
      const now = this.now();
      for (const [key, held] of this.states) {
        const step = expire(held.run.plan, held.state, now);
        if (step.events.length > 0) {
          // a write that lost: another node wrote the row; this node forgets it and reads it again if a fix comes
          if (!(await this.commit(held, step, held.assetId ?? held.run.assetId, null))) continue;
          this.publishEta(held.run, held.assetId ?? held.run.assetId, held.run.plan.finishBy, []); // finished at that moment
        }
        if (isTerminal(held.state.status) || now > held.run.plan.finishBy + RUN_PROGRESS_RULES.maxGapMs) this.states.delete(key);
      }
    });
  }

  drain(): Promise<void> {
    return this.queue.drain();
  }

  private relevant(account: AccountRuns, position: LivePosition): FollowedRun[] {
    const at = position.dateUpdated;
    return (account.byAsset.get(position.assetId) ?? []).filter(
      (run) => at >= run.plan.watchFrom - RUN_PROGRESS_RULES.maxGapMs && at <= run.plan.finishBy + RUN_PROGRESS_RULES.maxGapMs,
    );
  }

  private async follow(position: LivePosition): Promise<void> {
    let account = this.accounts.get(position.accountId);
    if (!account || this.now() - account.loadedAt >= FOLLOWED_RUNS_MAX_AGE_MS) {
      account = await this.load(position.accountId);
    }
    for (const run of this.relevant(account, position)) {
      for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
        if (await this.followRun(run, position)) break;
      }
    }
  }

  /** one fix for one run; false: the write lost to another writer (the held state is dropped, to be read again) */
  private async followRun(run: FollowedRun, position: LivePosition): Promise<boolean> {
    const held = await this.held(run);
    if (isTerminal(held.state.status)) return true;
    // a fix of another vehicle than the last one (the run's vehicle was changed): its path starts here
    const previous = held.assetId === position.assetId ? held.state : { ...held.state, last: null, inside: null };
    const step = advance(run.plan, previous, {
      at: position.dateUpdated,
      latitude: position.latitude,
      longitude: position.longitude,
      speedKmh: position.speed,
      doorOpen: doorOpen(position.ioData),
    });
    if (step.state === held.state) return true;
    held.run = run;
    const etas = await this.arrivals(run, step.state);
    if (step.events.length > 0 || held.assetId !== position.assetId || this.now() - held.writtenAt >= STATE_WRITE_EVERY_MS) {
      if (!(await this.commit(held, step, position.assetId, etas && { at: position.dateUpdated, stops: etas }))) return false;
    } else {
      held.state = step.state;
    }
    // the estimates after this fix's run.progress events; an empty list once when the run is over
    if (etas) this.publishEta(run, position.assetId, position.dateUpdated, etas);
    else if (isTerminal(step.state.status)) this.publishEta(run, position.assetId, position.dateUpdated, []);
    return true;
  }

  /** the estimated arrivals after a step, or null: the run is not in progress */
  private async arrivals(run: FollowedRun, state: RunProgressState): Promise<RunEtaStop[] | null> {
    if (state.status !== "in_progress") return null;
    const history = await this.histories.get(run.routeId, run.date, run.timeZone);
    const located = new Map(run.plan.stops.map((stop) => [stop.id, stop]));
    const stops = run.stops.map((stop) => ({ ...stop, latitude: located.get(stop.id)?.latitude ?? null, longitude: located.get(stop.id)?.longitude ?? null }));
    return estimateArrivals({ stops, state, history, dayStart: run.dayStart });
  }

  private publishEta(run: FollowedRun, assetId: number | null, at: number, stops: RunEtaStop[]): void {
    if (assetId === null) return; // a run finished by the clock whose vehicle was deleted: nobody follows its ETAs
    const message: RunEtaMessage = { version: 1, accountId: run.accountId, routeId: run.routeId, date: run.date, runId: run.runId, vehicle: { assetId }, at, stops };
    this.options.hub.publish("run.eta", message).catch((error: unknown) => this.options.logger.error({ err: error, run: run.key }, "run ETA not published"));
  }

  private async load(accountId: number): Promise<AccountRuns> {
    const runs = await loadFollowedRuns(this.options.prisma, accountId, this.now());
    const byAsset = new Map<number, FollowedRun[]>();
    for (const run of runs) {
      if (run.assetId === null) continue;
      byAsset.set(run.assetId, [...(byAsset.get(run.assetId) ?? []), run]);
      const held = this.states.get(run.key);
      // a run restored after it was cancelled: its stored progress was revived (restore-followed-runs.ts), read it again
      if (held?.state.status === "cancelled" && !run.plan.cancelled) this.states.delete(run.key);
      else if (held) held.run = run;
    }
    const account = { loadedAt: this.now(), byAsset };
    this.accounts.set(accountId, account);
    return account;
  }

  private async held(run: FollowedRun): Promise<HeldState> {
    const known = this.states.get(run.key);
    if (known) return known;
    const row = await readProgress(this.options.prisma, run);
    const held: HeldState = row
      ? { state: row.state, assetId: row.assetId, eventCount: row.eventCount, stored: true, writtenAt: row.updatedAt, run }
      : { state: initialState(run.plan), assetId: null, eventCount: 0, stored: false, writtenAt: 0, run };
    this.states.set(run.key, held);
    return held;
  }

  /**
   * stores the new state (and the estimates made from it), then announces its events in order (webhooks, hub); false:
   * another writer changed the row since it was read, nothing was written or announced, and the held state is dropped
   */
  private async commit(held: HeldState, step: Step, assetId: number | null, eta: { at: number; stops: RunEtaStop[] } | null): Promise<boolean> {
    const { run } = held;
    const { state, events } = step;
    const eventCount = held.eventCount + events.length;
    const written = await writeProgress(this.options.prisma, run, { readCount: held.stored ? held.eventCount : null, state, eventCount, assetId, eta });
    if (!written) {
      this.states.delete(run.key);
      return false;
    }
    held.state = state;
    held.assetId = assetId;
    held.stored = true;
    held.writtenAt = this.now();
    const messages = events.map((event: RunProgressEvent, index) => runProgressMessage({ run, state, event, sequence: held.eventCount + index + 1, assetId }));
    announceRunEvents(this.options.hub, this.options.logger, messages, assetId === run.assetId ? run.assetName : null);
    held.eventCount = eventCount;
    return true;
  }
}
