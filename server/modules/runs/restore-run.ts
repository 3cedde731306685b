import type { RunDto } from "./runs.schema";
import { setRunStatus } from "./set-run-status";

/** Schedules a cancelled run again. */
export function restoreRun(input: { accountId: number; runId: number }): Promise<RunDto> {
  return setRunStatus(input, "scheduled");
}
