// Checks connected spreadsheets in the background. Every node runs one (started with the import worker in
// server.ts): it looks for active sources whose next check is due, claims each with a compare-and-set
// (spreadsheet-claim.ts), so exactly one node checks a source, and checks it. A restart loses nothing: due sources
// are found again from the database, and a claim of a node that died lapses. The server fetches only addresses
// people connected in the dashboard, through the SSRF guard.
import type { Logger } from "pino";
import { db } from "../../../db/client";
import { startPollingWorker, type PollingWorker } from "../../../jobs/polling-worker";
import { claimSource, runClaimedCheck } from "./spreadsheet-claim";

/** how often due sources are looked for */
export const SPREADSHEET_POLL_MS = 60_000;

export type SpreadsheetWorker = PollingWorker;

export function startSpreadsheetWorker(options: {
  logger: Logger;
  allowPrivate: boolean;
  /** wakes the import worker when a check queued a large import */
  onQueued?: (jobId: number) => void;
  pollMs?: number;
  autostart?: boolean;
}): SpreadsheetWorker {
  const { logger } = options;
  return startPollingWorker({
    name: "spreadsheet worker",
    logger,
    pollMs: options.pollMs ?? SPREADSHEET_POLL_MS,
    autostart: options.autostart,
    async pass(stopping) {
      let checked = 0;
      while (!stopping()) {
        const due = await db().spreadsheetSource.findMany({
          where: { active: true, nextCheckAt: { lte: new Date() }, OR: [{ claimedUntil: null }, { claimedUntil: { lt: new Date() } }] },
          select: { id: true },
          orderBy: { nextCheckAt: "asc" },
          take: 10,
        });
        let claimedAny = false;
        for (const { id } of due) {
          if (stopping()) break;
          const claimedUntil = await claimSource(id);
          if (!claimedUntil) continue; // another node took it
          claimedAny = true;
          const check = await runClaimedCheck(id, claimedUntil, { allowPrivate: options.allowPrivate, onQueued: options.onQueued });
          checked++;
          if (check?.outcome === "error") logger.warn({ sourceId: id, reason: check.error }, "spreadsheet check failed");
          else if (check) logger.info({ sourceId: id, outcome: check.outcome, ...(check.outcome === "imported" ? { jobId: check.jobId } : {}) }, "spreadsheet checked");
        }
        if (!claimedAny) break;
      }
      return checked;
    },
  });
}
