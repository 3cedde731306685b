// Lets a request that queued an import job wake this node's worker at once (other nodes find it on their next
// poll). On globalThis: the custom server and the Next.js bundle load separate copies of this module (stack.md
// trap 10), and the worker lives in the server's copy while the import route runs in Next's.
const store = globalThis as unknown as { __fleetlineImportWakeup?: () => void };

export function registerImportWakeup(wake: (() => void) | undefined) {
  store.__fleetlineImportWakeup = wake;
}

export function wakeImportWorker() {
  store.__fleetlineImportWakeup?.();
}
