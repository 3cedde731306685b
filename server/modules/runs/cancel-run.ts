import type { RunDto } from "./runs.schema";
import { setRunStatus } from "./set-run-status";

/** Cancels a run: it stays listed, marked cancelled, with its notice. */
export function cancelRun(input: { accountId: number; runId: number }): Promise<RunDto> {
  return setRunStatus(input, "cancelled");
}
