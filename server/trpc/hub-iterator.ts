// One hub event stream for one dashboard subscription: the events the filter keeps, mapped, as an async iterable that
// ends (and unsubscribes) when `signal` aborts. A stalled client must not grow memory without bound: past `maxQueued`
// the oldest queued items are dropped, as newer ones supersede them.
import { hub, type HubEventName, type HubEvents } from "../hub";

export async function* hubEvents<E extends HubEventName, T>(options: {
  event: E;
  /** null drops the event */
  map: (payload: HubEvents[E]) => T | null;
  maxQueued: number;
  signal: AbortSignal | undefined;
}): AsyncGenerator<T> {
  const { signal } = options;
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = hub().subscribe(options.event, (payload) => {
    const item = options.map(payload);
    if (item === null) return;
    queue.push(item);
    if (queue.length > options.maxQueued) queue.splice(0, queue.length - options.maxQueued);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  try {
    while (!signal?.aborted) {
      const next = queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
  } finally {
    unsubscribe();
    signal?.removeEventListener("abort", onAbort);
  }
}
