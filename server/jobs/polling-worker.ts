// A background worker that every node runs: a pass looks for due work in the database and does it until none is
// left; passes run every `pollMs` and whenever something wakes the worker, never two at once on one node. Claims
// that keep two nodes off the same work belong to the pass (a compare-and-set in the database), so a restart loses
// nothing: due work is found again.
import type { Logger } from "pino";

export interface PollingWorker {
  /** run a pass now (work was just queued on this node) */
  wake(): void;
  /** runs a pass (or joins the one running); resolves with how many items it finished (tests call it directly) */
  drain(): Promise<number>;
  /** no new pass starts; resolves once the running one has ended */
  stop(): Promise<void>;
}

export function startPollingWorker(options: {
  /** what the worker does, for its log lines */
  name: string;
  logger: Logger;
  pollMs: number;
  /** false: only drain() and wake() run passes (tests) */
  autostart?: boolean;
  /** one pass; `stopping()` turns true when the worker is being stopped, and the pass should end soon after */
  pass: (stopping: () => boolean) => Promise<number>;
}): PollingWorker {
  const { logger } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  const drain = (): Promise<number> => {
    running ??= options.pass(() => stopped).finally(() => {
      running = null;
    });
    return running;
  };
  const failed = (error: unknown) => logger.error({ err: error }, `${options.name} pass failed`);

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      drain().catch(failed).finally(schedule);
    }, options.pollMs).unref();
  };
  if (options.autostart !== false) schedule();

  return {
    wake() {
      if (!stopped) void drain().catch(failed);
    },
    drain,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
