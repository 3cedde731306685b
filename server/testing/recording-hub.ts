// Test support for code that announces on the hub: for the enclosing describe, a memory hub set as the process's hub
// that records every payload of one event, removed again afterwards.
import { afterAll, beforeAll } from "vitest";
import { createMemoryHub, setHub, type Hub, type HubEventName, type HubEvents } from "../hub";

/** how long to wait for a publish to reach the recording: the memory hub delivers asynchronously */
const DELIVERY_MS = 5;

export interface RecordingHub<E extends HubEventName> {
  /** every payload of the event so far, oldest first; tests may empty it (`events.length = 0`) */
  readonly events: HubEvents[E][];
  /** resolves once what was published so far has been delivered */
  settle(): Promise<void>;
}

export function useRecordingHub<E extends HubEventName>(event: E): RecordingHub<E> {
  const events: HubEvents[E][] = [];
  let hub: Hub | undefined;
  beforeAll(() => {
    hub = createMemoryHub();
    hub.subscribe(event, (payload) => void events.push(payload));
    setHub(hub);
  });
  afterAll(async () => {
    setHub(undefined);
    await hub?.close();
  });
  return { events, settle: () => new Promise((resolve) => setTimeout(resolve, DELIVERY_MS)) };
}
