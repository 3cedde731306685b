// The dashboard's preview: what an import would create, update and leave out, computed by running the very same
// importers (matching, parsing, row numbering) inside one database transaction that is then rolled back, so nothing
// is written and nothing can drift from the real import. Later rows see what earlier rows of the call would have
// written (a route named twice is created once, then updated), exactly as in the real import.
//
// Costs: the transaction holds its writes until the rollback (on the embedded database, which has one connection,
// other queries wait for it), and ids drawn inside it are not reused on PostgreSQL. A preview is therefore bounded
// by the import's own cap (5,000 rows) and by DRY_RUN_TIMEOUT_MS.
import { db } from "../../db/client";
import { checkImportCall } from "./check-import-call";
import { describeImportRow } from "./describe-import-row";
import { ImportContext } from "./import-context";
import { openImportTransaction } from "./import-database";
import { ImportOutcome } from "./import-outcome";
import { countRows, type ImportRowError, type ImportStats, type ImportTarget } from "./imports.schema";
import { runImport } from "./run-import";

/**
 * the longest a preview may hold its transaction: 5,000 passengers on one route took about a minute on the embedded
 * database of a busy two-core machine (docs/imports.md "Preview")
 */
export const DRY_RUN_TIMEOUT_MS = 300_000;

export type PreviewAction = "created" | "updated" | "skipped" | "failed";

export interface ImportPreviewItem {
  /** the row number of the item's first row (a route's first stop), counted as the import counts them */
  row: number;
  /** how many rows it spans (a route: its stops) */
  span: number;
  action: PreviewAction;
  label: string;
}

export interface ImportPreview {
  target: ImportTarget;
  rows: number;
  stats: ImportStats;
  errors: ImportRowError[];
  /** one entry per item of the call, in order */
  items: ImportPreviewItem[];
}

/** an outcome that also remembers what happened to each item: every importer reports exactly once per item, in order */
class RecordingOutcome extends ImportOutcome {
  readonly actions: PreviewAction[] = [];
  override created(id: number, listed: boolean) {
    super.created(id, listed);
    this.actions.push("created");
  }
  override updated() {
    super.updated();
    this.actions.push("updated");
  }
  override skipped() {
    super.skipped();
    this.actions.push("skipped");
  }
  override failed(error: ImportRowError) {
    super.failed(error);
    this.actions.push("failed");
  }
}

/** thrown to end the dry run's transaction with a rollback, carrying what it found */
class DryRunDone extends Error {
  constructor(readonly outcome: RecordingOutcome) {
    super("dry run rolled back");
  }
}

export async function previewImport(input: { accountId: number; body: unknown }): Promise<ImportPreview> {
  const { target, rows, rowCount } = checkImportCall(input.body);
  const outcome = new RecordingOutcome();
  try {
    await openImportTransaction(
      db(),
      async (tx) => {
        const context = await ImportContext.load(tx, input.accountId);
        await runImport({ prisma: tx, context, target, rows, firstRow: 1, outcome });
        throw new DryRunDone(outcome);
      },
      { timeoutMs: DRY_RUN_TIMEOUT_MS },
    );
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
  let row = 1;
  const items = rows.map((item, index): ImportPreviewItem => {
    const span = countRows(target, [item]);
    const entry = { row, span, action: outcome.actions[index]!, label: describeImportRow(target, item) };
    row += span;
    return entry;
  });
  return { target, rows: rowCount, stats: { ...outcome.stats }, errors: outcome.errors, items };
}
