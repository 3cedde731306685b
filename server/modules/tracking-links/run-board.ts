// What this node knows of the runs that route-based links follow, from the hub: the latest "run.eta" of each run
// (route and day) and the state of its stops from "run.progress" (arrived, departed, skipped), so that a link's
// location can name its stop's ETA without computing anything (stop-estimate.ts). Every node hears every run's
// events, whether or not it has viewers; a node started mid-run reads what it missed from the run_progress row the
// first time a run is asked for. The ETA is dropped when the run's last message has no stops (the run is over); the
// stop states stay for the rest of the day (a passenger's stop stays "arrived"), and days that have ended everywhere
// are swept away.
import { db } from "../../db/client";
import type { Hub } from "../../hub";
import type { RunEtaMessage } from "../run-progress/run-eta-message";
import type { RunStatus, StopStatus } from "../run-progress/run-progress";

export interface RunSnapshot {
  /** the latest run.eta with stops ahead; null before the first one and once the run is over */
  eta: RunEtaMessage | null;
  /** the run's state as run.progress told it (null: nothing heard or stored) */
  status: RunStatus | null;
  /** the stops that are no longer pending, by stop id */
  stops: ReadonlyMap<number, StopStatus>;
}

/** a run nothing was heard of (no ETA, no stop reached) */
export const NOTHING_HEARD: RunSnapshot = Object.freeze({ eta: null, status: null, stops: new Map() });

export interface RunBoard {
  /** what is known now; the first call for a run starts reading its stored progress (listeners hear when it is in) */
  peek(routeId: number, date: string): RunSnapshot;
  /** what is known once the run's stored progress has been read */
  read(routeId: number, date: string): Promise<RunSnapshot>;
  /** called with the route whose run changed (a run.eta, a run.progress event, the stored progress read) */
  onChange(listener: (routeId: number) => void): () => void;
  close(): void;
}

interface Entry extends RunSnapshot {
  stops: Map<number, StopStatus>;
  /** the stored progress read (null: not asked yet) */
  loaded: Promise<void> | null;
  /** the fix time of the newest run.eta heard, also one without stops (an older one arriving late is ignored) */
  etaFrom: number;
}

/** how often days that have ended in every time zone are dropped */
const SWEEP_MS = 60 * 60_000;
/** a stop's state only moves forward: pending -> arrived -> departed, or pending -> skipped */
const STOP_RANK: Record<StopStatus, number> = { pending: 0, arrived: 1, skipped: 1, departed: 2 };

export function createRunBoard(options: { hub: Hub; onError?: (error: unknown) => void }): RunBoard {
  const entries = new Map<string, Entry>(); // by `${routeId}:${date}`
  const listeners = new Set<(routeId: number) => void>();
  const changed = (routeId: number) => {
    for (const listener of listeners) listener(routeId);
  };
  const setStop = (entry: Entry, stopId: number, status: StopStatus) => {
    if (STOP_RANK[status] >= STOP_RANK[entry.stops.get(stopId) ?? "pending"]) entry.stops.set(stopId, status);
  };

  const entry = (routeId: number, date: string): Entry => {
    const key = `${routeId}:${date}`;
    let found = entries.get(key);
    if (!found) entries.set(key, (found = { eta: null, status: null, stops: new Map(), loaded: null, etaFrom: 0 }));
    return found;
  };
  /** reads the run's stored progress once (what a node started mid-run missed) */
  const load = (routeId: number, date: string): Entry => {
    const run = entry(routeId, date);
    run.loaded ??= readStored(routeId, date)
      .then((stored) => {
        if (!stored) return;
        // events heard meanwhile are as new as the row or newer
        run.status ??= stored.status;
        for (const stop of stored.stops) setStop(run, stop.stopId, stop.status);
        changed(routeId);
      })
      .catch((error) => options.onError?.(error));
    return run;
  };

  const unsubscribers = [
    options.hub.subscribe("run.eta", (message) => {
      const run = entry(message.routeId, message.date);
      if (message.at < run.etaFrom) return; // an older fix's estimate arriving late
      run.etaFrom = message.at;
      run.eta = message.stops.length === 0 ? null : message;
      changed(message.routeId);
    }),
    options.hub.subscribe("run.progress", (message) => {
      const run = entry(message.run.routeId, message.run.date);
      run.status = message.run.status;
      if (message.stop) {
        const stop = message.stop;
        const status: StopStatus = stop.skippedAt !== null ? "skipped" : stop.departedAt !== null ? "departed" : stop.arrivedAt !== null ? "arrived" : "pending";
        setStop(run, stop.id, status);
      }
      if (message.run.status === "finished" || message.run.status === "cancelled") run.eta = null;
      changed(message.run.routeId);
    }),
  ];

  const sweep = setInterval(() => {
    // the earliest day still running somewhere (UTC-12) is yesterday in UTC at the latest
    const oldest = new Date(Date.now() - 36 * 3_600_000).toISOString().slice(0, 10);
    for (const key of [...entries.keys()]) if (key.slice(key.indexOf(":") + 1) < oldest) entries.delete(key);
  }, SWEEP_MS);
  sweep.unref();

  return {
    peek: (routeId, date) => load(routeId, date),
    async read(routeId, date) {
      const run = load(routeId, date);
      await run.loaded;
      return run;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearInterval(sweep);
      for (const unsubscribe of unsubscribers) unsubscribe();
      entries.clear();
      listeners.clear();
    },
  };
}

async function readStored(routeId: number, date: string): Promise<{ status: RunStatus; stops: Array<{ stopId: number; status: StopStatus }> } | null> {
  const row = await db().runProgress.findUnique({ where: { routeId_date: { routeId, date } }, select: { status: true, state: true } });
  if (!row) return null;
  const state = row.state as { stops?: Array<{ stopId: number; status: StopStatus }> } | null;
  return { status: row.status as RunStatus, stops: state?.stops ?? [] };
}

// one board per process, on globalThis: the REST routes bundled by Next are other module instances than the server's
const store = globalThis as unknown as { __fleetlineRunBoard?: RunBoard };

/** this process's board, or undefined where no server runs (use-case tests, the CLI): then no ETA is known */
export function runBoardIfCreated(): RunBoard | undefined {
  return store.__fleetlineRunBoard;
}

export function setRunBoard(board: RunBoard | undefined): void {
  store.__fleetlineRunBoard = board;
}
