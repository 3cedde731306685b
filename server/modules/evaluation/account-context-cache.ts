// Account contexts in memory, so evaluating a position never waits for the database: the first position of an
// account (after start-up or a change) waits for one load, and everything after runs synchronously on the cached
// context. Work for an account whose context is loading is queued and run in arrival order once it is there, so an
// asset's positions are still evaluated in order.
//
// Freshness: `invalidate` (the hub's alert-rules.changed and account.changed) drops the context at once, so the next
// position waits for the new rules; a context older than ACCOUNT_CONTEXT_TTL_MS is refreshed in the background while
// the old one keeps serving (a safety net for changes made where no hub event was published, e.g. by the CLI).
import type { Logger } from "pino";
import type { AccountContext } from "./account-context";

export const ACCOUNT_CONTEXT_TTL_MS = 5 * 60_000;
/** work queued for one account while its context loads; beyond this the oldest is dropped (a database outage) */
export const MAX_QUEUED_PER_ACCOUNT = 10_000;

type Work = (context: AccountContext) => void;

interface Entry {
  context: AccountContext | null;
  loadedAt: number;
  queue: Work[];
  loading: Promise<void> | null;
  /** bumped by invalidate: a load that started before it must not be trusted */
  generation: number;
}

export class AccountContextCache {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly deps: {
      load: (accountId: number) => Promise<AccountContext | null>;
      logger: Logger;
      now?: () => number;
      ttlMs?: number;
    },
  ) {}

  /** runs `work` with the account's context: now when it is cached, else once it has loaded */
  run(accountId: number, work: Work): void {
    const entry = this.entry(accountId);
    if (entry.context && entry.queue.length === 0) {
      if (this.now() - entry.loadedAt > (this.deps.ttlMs ?? ACCOUNT_CONTEXT_TTL_MS)) this.load(accountId, entry);
      this.safely(accountId, work, entry.context);
      return;
    }
    entry.queue.push(work);
    if (entry.queue.length > MAX_QUEUED_PER_ACCOUNT) {
      entry.queue.shift();
      this.deps.logger.warn({ accountId }, "evaluation work dropped: the account's rules could not be loaded in time");
    }
    this.load(accountId, entry);
  }

  /** the cached context, if any (no load) */
  peek(accountId: number): AccountContext | null {
    return this.entries.get(accountId)?.context ?? null;
  }

  /** forget the account's context: the next work waits for a fresh load */
  invalidate(accountId: number): void {
    const entry = this.entries.get(accountId);
    if (!entry) return;
    entry.generation += 1;
    entry.context = null;
  }

  /** resolves when no load is in flight and no work is queued */
  async drain(): Promise<void> {
    for (;;) {
      const pending = [...this.entries.values()].map((e) => e.loading).filter((p): p is Promise<void> => p !== null);
      if (pending.length === 0) return;
      await Promise.all(pending);
    }
  }

  private entry(accountId: number): Entry {
    let entry = this.entries.get(accountId);
    if (!entry) {
      entry = { context: null, loadedAt: 0, queue: [], loading: null, generation: 0 };
      this.entries.set(accountId, entry);
    }
    return entry;
  }

  private load(accountId: number, entry: Entry): void {
    if (entry.loading) return;
    const generation = entry.generation;
    entry.loading = this.deps
      .load(accountId)
      .then(
        (context) => {
          entry.loading = null;
          if (entry.generation !== generation) return this.load(accountId, entry); // changed meanwhile: load again
          if (!context) {
            // the account is gone: nothing to evaluate for it
            this.entries.delete(accountId);
            return;
          }
          entry.context = context;
          entry.loadedAt = this.now();
          const queued = entry.queue;
          entry.queue = [];
          for (const work of queued) this.safely(accountId, work, context);
        },
        (error: unknown) => {
          entry.loading = null;
          const dropped = entry.queue.length;
          entry.queue = [];
          // the positions themselves are stored; only their evaluation is lost, and the next one tries again
          this.deps.logger.error({ err: error, accountId, dropped }, "account context could not be loaded");
        },
      );
  }

  private safely(accountId: number, work: Work, context: AccountContext): void {
    try {
      work(context);
    } catch (error) {
      this.deps.logger.error({ err: error, accountId }, "evaluation failed");
    }
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }
}
