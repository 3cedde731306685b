// The stored progress of one followed run (`run_progress`, one row per route and day) and the one rule every writer
// keeps: a state is written only over the event count it was computed from. Three writers may meet on a row: the
// tracker on the node evaluating the run's vehicle, a cancellation on whichever node took the request
// (cancel-followed-run.ts), and the end-time sweep any node runs for runs whose node is gone (finish-abandoned-runs.ts).
// The event count is the compare-and-set key: the writer whose write lands owns the event numbers it added and
// announces those events; the others read the row again and decide anew. So each event is stored, announced to the
// webhooks and published once in the cluster, under an id that does not change.
//
// Plain SQL (the server's SqlClient), not Prisma: the tracker writes the states of many runs in one statement per
// batch of fixes (writeProgressBatch), each row still over its own read count, and Prisma's request pipeline cost more
// CPU than the statement (docs/run-progress.md "Cost on a node"). The other writers write one row at a time through
// the same statement.
import type { SqlClient } from "../../db/client";
import type { FollowedRun } from "./followed-runs";
import type { RunProgressState } from "./run-progress";
import type { RunEtaStop } from "./run-eta-message";

/** a write that lost to another writer is tried again over the row read anew, this many times in all */
export const WRITE_ATTEMPTS = 3;

export interface StoredProgress {
  state: RunProgressState;
  assetId: number | null;
  eventCount: number;
  updatedAt: number;
}

export async function readProgress(sql: SqlClient, run: Pick<FollowedRun, "routeId" | "date">): Promise<StoredProgress | null> {
  const rows = await sql.query<{ state: RunProgressState; asset_id: number | null; event_count: number; updated_ms: number }>(
    // timestamp(3) columns hold UTC wall times (as Prisma writes them): their nominal epoch is the instant
    `SELECT state, asset_id, event_count, (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms
     FROM run_progress WHERE route_id = $1 AND date = $2`,
    [run.routeId, run.date],
  );
  const row = rows[0];
  return row ? { state: row.state, assetId: row.asset_id, eventCount: row.event_count, updatedAt: row.updated_ms } : null;
}

export interface ProgressWrite {
  run: FollowedRun;
  /** the event count the state was computed over, or null: there was no row yet (the write creates it) */
  readCount: number | null;
  state: RunProgressState;
  /** the events in all once this state is stored */
  eventCount: number;
  assetId: number | null;
  /** the estimated arrivals made from this state (run-eta.ts); null or omitted: none (the run is not in progress) */
  eta?: { at: number; stops: RunEtaStop[] } | null;
}

/**
 * Writes `state` with `eventCount` events in all, if the row still holds `readCount` events (or, `readCount` null, if
 * there is no row yet). False: another writer got there first; nothing was written.
 */
export async function writeProgress(sql: SqlClient, run: FollowedRun, input: Omit<ProgressWrite, "run">): Promise<boolean> {
  return (await writeProgressBatch(sql, [{ run, ...input }])).has(run.key);
}

/**
 * Every write of `writes` (one per run) in one statement, an UPDATE over the read counts and an INSERT of the rows not
 * there yet, each row landing or not on its own; returns the keys (`FollowedRun.key`) of the rows that landed. A row
 * that did not land was changed (or created) by another writer meanwhile: nothing of it was written. One statement,
 * so a failure (a vehicle deleted meanwhile) writes nothing at all: no event is ever stored without its writer knowing.
 */
export async function writeProgressBatch(sql: SqlClient, writes: ProgressWrite[]): Promise<Set<string>> {
  const updates = writes.filter((write) => write.readCount !== null);
  const inserts = writes.filter((write) => write.readCount === null);
  const updatedAt = Date.now(); // the writer's clock, as Prisma's @updatedAt (the abandoned-run sweep compares it)
  const rows = await sql.query<{ route_id: number; date: string }>(WRITE_PROGRESS, [rowsJson(updates, "read_count"), rowsJson(inserts, "account_id"), updatedAt]);
  return new Set(rows.map((row) => `${row.route_id}:${row.date}`));
}

/** the rows as one JSON array, one parameter: one JSON.stringify, where column arrays cost an escape per character of each state */
function rowsJson(writes: ProgressWrite[], twelfth: "read_count" | "account_id"): string {
  return JSON.stringify(
    writes.map(({ run, readCount, state, eventCount, assetId, eta }) => ({
      route_id: run.routeId,
      date: run.date,
      run_id: run.runId,
      asset_id: assetId,
      status: state.status,
      started_ms: state.startedAt,
      finished_ms: state.finishedAt ?? state.cancelledAt,
      finish_by_ms: run.plan.finishBy,
      state,
      eta: eta ?? null,
      event_count: eventCount,
      [twelfth]: twelfth === "read_count" ? readCount : run.accountId,
    })),
  );
}

/** the rows of rowsJson() in `param`, a JSON null being SQL NULL */
const values = (param: string, twelfth: string) => `jsonb_to_recordset(${param}::jsonb)
       AS v(route_id int, date text, run_id int, asset_id int, status text, started_ms float8, finished_ms float8,
            finish_by_ms float8, state jsonb, eta jsonb, event_count int, ${twelfth} int)`;

// Times travel as epoch milliseconds; the columns are timestamp(3) holding UTC wall times (as Prisma writes them).
const at = (ms: string) => `(to_timestamp(${ms} / 1000.0) AT TIME ZONE 'UTC')`;

const WRITE_PROGRESS = `
WITH updated AS (
  UPDATE run_progress r SET
    run_id = v.run_id, asset_id = v.asset_id, status = v.status::"RunProgressStatus", started_at = ${at("v.started_ms")},
    finished_at = ${at("v.finished_ms")}, finish_by = ${at("v.finish_by_ms")}, state = v.state, eta = v.eta,
    event_count = v.event_count, updated_at = ${at("$3::float8")}
  FROM ${values("$1", "read_count")}
  WHERE r.route_id = v.route_id AND r.date = v.date AND r.event_count = v.read_count
  RETURNING r.route_id, r.date
), inserted AS (
  INSERT INTO run_progress (account_id, route_id, date, run_id, asset_id, status, started_at, finished_at, finish_by,
                            state, eta, event_count, updated_at)
  SELECT v.account_id, v.route_id, v.date, v.run_id, v.asset_id, v.status::"RunProgressStatus", ${at("v.started_ms")},
         ${at("v.finished_ms")}, ${at("v.finish_by_ms")}, v.state, v.eta, v.event_count, ${at("$3::float8")}
  FROM ${values("$2", "account_id")}
  ON CONFLICT (route_id, date) DO NOTHING
  RETURNING route_id, date
)
SELECT route_id, date FROM updated UNION ALL SELECT route_id, date FROM inserted`;
