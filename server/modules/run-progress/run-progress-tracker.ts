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
// In batches: the positions queued while the previous batch ran are followed together; every run they concern is
// moved on in memory (several fixes of one run chained), the states that must be written go out in one statement,
// each row over its own event count, and only the runs whose rows landed announce, in the order their fixes produced
// it; a run whose row did not land has the batch's fixes evaluated again one at a time over its row read anew. A
// statement per fix cost more CPU than everything else the tracker does (docs/run-progress.md "Cost on a node").
//
// After each fix of a run in progress it also publishes the estimated arrivals at the stops still ahead ("run.eta",
// run-eta.ts), after that fix's run.progress events, and one last message without stops when the run is over; the
// latest estimates are written with the state (run_progress.eta) for readers that did not hear them.
import type { Logger } from "pino";
import type { Db, SqlClient } from "../../db/client";
import type { Hub } from "../../hub";
import { SerialQueue } from "../../serial-queue";
import type { LivePosition } from "../positions/live-position";
import { loadFollowedRuns, type FollowedRun } from "./followed-runs";
import { doorOpen } from "./door-open";
import { advance, expire, initialState, isTerminal, RUN_PROGRESS_RULES, type RunProgressEvent, type RunProgressState, type Step } from "./run-progress";
import { runProgressMessage, type RunProgressMessage } from "./run-progress-message";
import { announceRunEvents } from "./announce-run-events";
import { estimateArrivals } from "./run-eta";
import type { RunEtaMessage, RunEtaStop } from "./run-eta-message";
import { readProgress, writeProgress, writeProgressBatch, WRITE_ATTEMPTS, type ProgressWrite } from "./run-progress-store";
import { SegmentHistoryCache } from "./segment-history-cache";

/** how long an account's runs are kept before they are read again (changes also announce themselves) */
export const FOLLOWED_RUNS_MAX_AGE_MS = 60_000;
/** a state without events is written at most this often */
export const STATE_WRITE_EVERY_MS = 60_000;
/** positions followed in one batch at most (their runs' states are written in one statement) */
export const BATCH_MAX_POSITIONS = 500;

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

/**
 * One run moved on by the fixes of a batch, over its held state, before anything is stored or announced: the state
 * after the last of them, whether it must be written, and what to announce once it is, in the order it happened.
 */
interface Draft {
  held: HeldState;
  run: FollowedRun;
  state: RunProgressState;
  assetId: number | null;
  eventCount: number;
  /** the estimates made from `state`, written with it */
  eta: { at: number; stops: RunEtaStop[] } | null;
  /** a fix produced events, came from another vehicle, or the state was last written a minute ago */
  write: boolean;
  announcements: Announcement[];
  /** the batch's fixes for this run, evaluated anew one at a time if its write loses */
  positions: LivePosition[];
}

type Announcement = { events: RunProgressMessage[]; vehicleName: string | null } | { eta: RunEtaMessage };

export interface RunProgressTrackerOptions {
  prisma: Db;
  /** the states are read and written in plain SQL (run-progress-store.ts) */
  sql: SqlClient;
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
  /** the positions of the batch queued last, while it has not started; null: the next position queues a new batch */
  private waiting: LivePosition[] | null = null;

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
    if (!this.waiting) {
      const batch: LivePosition[] = [];
      this.waiting = batch;
      this.queue.push(() => this.followBatch(batch));
    }
    this.waiting.push(position);
    if (this.waiting.length >= BATCH_MAX_POSITIONS) this.waiting = null;
  }

  /**
   * finishes the held runs whose end time and grace passed without a fix (a vehicle switched off at the school), and
   * forgets the states no fix can change any more (over, or past their window)
   */
  sweep(): void {
    this.waiting = null; // positions from now on are followed after the sweep, in the order they came
    this.queue.push(async () => {
      const now = this.now();
      for (const [key, held] of this.states) {
        const step = expire(held.run.plan, held.state, now);
        if (step.events.length > 0) {
          // a write that lost: another node wrote the row; this node forgets it and reads it again if a fix comes
          if (!(await this.commit(held, step, held.assetId ?? held.run.assetId))) continue;
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

  /**
   * the positions queued since the last batch: every run they concern is moved on in memory, fix after fix, then the
   * states that need it are written in one statement (each row over its own read count), and only then are the
   * events and estimates of the runs whose write landed announced; a run whose write lost has its fixes evaluated
   * anew one at a time over the row read again (followOne)
   */
  private async followBatch(positions: LivePosition[]): Promise<void> {
    if (this.waiting === positions) this.waiting = null;
    const accounts = new Map<number, AccountRuns>();
    const drafts = new Map<string, Draft>();
    for (const position of positions) {
      try {
        // read at most once a batch, before any of its runs is moved: a run's draft and held state stay one
        let account = accounts.get(position.accountId);
        if (!account) accounts.set(position.accountId, (account = await this.account(position.accountId)));
        for (const run of this.relevant(account, position)) {
          let draft = drafts.get(run.key);
          if (!draft) drafts.set(run.key, (draft = this.draft(await this.held(run), run)));
          draft.positions.push(position);
          await this.advanceDraft(draft, run, position);
        }
      } catch (error) {
        this.options.logger.error({ err: error }, "run progress failed");
      }
    }
    await this.store([...drafts.values()]);
  }

  private async store(drafts: Draft[]): Promise<void> {
    const writes = drafts.filter((draft) => draft.write);
    let landed: Set<string> | null = new Set();
    if (writes.length > 0) {
      try {
        landed = await writeProgressBatch(this.options.sql, writes.map((draft) => this.writeOf(draft)));
      } catch (error) {
        // one bad row fails the statement (a vehicle deleted meanwhile): nothing was written, each run goes on its own
        this.options.logger.warn({ err: error }, "run progress batch not written: its runs are written one at a time");
        landed = null;
      }
    }
    for (const draft of drafts) {
      if (!draft.write || landed?.has(draft.run.key)) {
        this.settle(draft);
        continue;
      }
      if (this.states.get(draft.run.key) === draft.held) this.states.delete(draft.run.key);
      try {
        for (const position of draft.positions) {
          for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt++) {
            if (await this.followOne(draft.run, position)) break;
          }
        }
      } catch (error) {
        this.options.logger.error({ err: error, run: draft.run.key }, "run progress failed");
      }
    }
  }

  /** one fix for one run, stored on its own; false: the write lost to another writer (the held state is dropped) */
  private async followOne(run: FollowedRun, position: LivePosition): Promise<boolean> {
    const draft = this.draft(await this.held(run), run);
    await this.advanceDraft(draft, run, position);
    if (draft.write && !(await writeProgress(this.options.sql, run, this.writeOf(draft)))) {
      this.states.delete(run.key);
      return false;
    }
    this.settle(draft);
    return true;
  }

  private draft(held: HeldState, run: FollowedRun): Draft {
    return { held, run, state: held.state, assetId: held.assetId, eventCount: held.eventCount, eta: null, write: false, announcements: [], positions: [] };
  }

  /** moves the draft on by one fix of `position`'s vehicle */
  private async advanceDraft(draft: Draft, run: FollowedRun, position: LivePosition): Promise<void> {
    if (isTerminal(draft.state.status)) return;
    const assetId = position.assetId;
    // a fix of another vehicle than the last one (the run's vehicle was changed): its path starts here
    const previous = draft.assetId === assetId ? draft.state : { ...draft.state, last: null, inside: null };
    const step = advance(run.plan, previous, {
      at: position.dateUpdated,
      latitude: position.latitude,
      longitude: position.longitude,
      speedKmh: position.speed,
      doorOpen: doorOpen(position.ioData),
    });
    if (step.state === draft.state) return;
    draft.run = run;
    // the route's history is held nearly always: waited for only when it must be read
    const history = step.state.status === "in_progress" ? (this.histories.fresh(run.routeId, run.date) ?? (await this.histories.get(run.routeId, run.date, run.timeZone))) : null;
    const etas = history && estimateArrivals({ stops: run.stops, state: step.state, history, dayStart: run.dayStart });
    if (step.events.length > 0 || draft.assetId !== assetId || this.now() - draft.held.writtenAt >= STATE_WRITE_EVERY_MS) draft.write = true;
    if (step.events.length > 0) {
      const events = step.events.map((event, index) => runProgressMessage({ run, state: step.state, event, sequence: draft.eventCount + index + 1, assetId }));
      draft.announcements.push({ events, vehicleName: assetId === run.assetId ? run.assetName : null });
    }
    draft.state = step.state;
    draft.assetId = assetId;
    draft.eventCount += step.events.length;
    draft.eta = etas && { at: position.dateUpdated, stops: etas };
    // the estimates after this fix's run.progress events; an empty list once when the run is over
    if (etas) draft.announcements.push({ eta: this.etaMessage(run, assetId, position.dateUpdated, etas) });
    else if (isTerminal(step.state.status)) draft.announcements.push({ eta: this.etaMessage(run, assetId, position.dateUpdated, []) });
  }

  private writeOf(draft: Draft): ProgressWrite {
    const { held } = draft;
    return { run: draft.run, readCount: held.stored ? held.eventCount : null, state: draft.state, eventCount: draft.eventCount, assetId: draft.assetId, eta: draft.eta };
  }

  /** the draft is the held state now (written, if it had to be): its events and estimates go out in order */
  private settle(draft: Draft): void {
    const { held } = draft;
    held.state = draft.state;
    held.run = draft.run;
    if (draft.write) {
      held.assetId = draft.assetId;
      held.eventCount = draft.eventCount;
      held.stored = true;
      held.writtenAt = this.now();
    }
    for (const announcement of draft.announcements) {
      if ("events" in announcement) announceRunEvents(this.options.hub, this.options.logger, announcement.events, announcement.vehicleName);
      else this.publish(announcement.eta);
    }
  }

  private etaMessage(run: FollowedRun, assetId: number, at: number, stops: RunEtaStop[]): RunEtaMessage {
    return { version: 1, accountId: run.accountId, routeId: run.routeId, date: run.date, runId: run.runId, vehicle: { assetId }, at, stops };
  }

  private publishEta(run: FollowedRun, assetId: number | null, at: number, stops: RunEtaStop[]): void {
    if (assetId === null) return; // a run finished by the clock whose vehicle was deleted: nobody follows its ETAs
    this.publish(this.etaMessage(run, assetId, at, stops));
  }

  private publish(message: RunEtaMessage): void {
    this.options.hub.publish("run.eta", message).catch((error: unknown) => this.options.logger.error({ err: error, run: `${message.routeId}:${message.date}` }, "run ETA not published"));
  }

  /** the account's runs, read again when they are older than FOLLOWED_RUNS_MAX_AGE_MS (or were invalidated) */
  private async account(accountId: number): Promise<AccountRuns> {
    const known = this.accounts.get(accountId);
    return known && this.now() - known.loadedAt < FOLLOWED_RUNS_MAX_AGE_MS ? known : this.load(accountId);
  }

  private async load(accountId: number): Promise<AccountRuns> {
    const runs = await loadFollowedRuns(this.options.sql, accountId, this.now());
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
    const row = await readProgress(this.options.sql, run);
    const held: HeldState = row
      ? { state: row.state, assetId: row.assetId, eventCount: row.eventCount, stored: true, writtenAt: row.updatedAt, run }
      : { state: initialState(run.plan), assetId: null, eventCount: 0, stored: false, writtenAt: 0, run };
    this.states.set(run.key, held);
    return held;
  }

  /**
   * the sweep's write: stores the new state (no estimates: the run is over), then announces its events in order
   * (webhooks, hub); false: another writer changed the row since it was read, nothing was written or announced, and
   * the held state is dropped
   */
  private async commit(held: HeldState, step: Step, assetId: number | null): Promise<boolean> {
    const { run } = held;
    const { state, events } = step;
    const eventCount = held.eventCount + events.length;
    const written = await writeProgress(this.options.sql, run, { readCount: held.stored ? held.eventCount : null, state, eventCount, assetId, eta: null });
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
