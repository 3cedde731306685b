// A queued job wakes this node's report worker at once instead of at its next poll. The hook is on globalThis: the
// worker lives in the custom server's copy of the modules, the REST routes in Next's (stack.md trap 10).
const store = globalThis as unknown as { __fleetlineReportWakeup?: () => void };

export function registerReportWakeup(wake: (() => void) | undefined): void {
  store.__fleetlineReportWakeup = wake;
}

export function wakeReportWorker(): void {
  store.__fleetlineReportWakeup?.();
}
