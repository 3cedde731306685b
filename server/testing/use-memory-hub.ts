// A memory hub as the process hub for one describe block (tRPC subscriptions read hub()), the previous one put back
// after it.
import { afterAll, beforeAll } from "vitest";
import { createMemoryHub, hub, setHub, type Hub } from "../hub";

export function useMemoryHub(): void {
  let previous: Hub | undefined;
  beforeAll(() => {
    try {
      previous = hub();
    } catch {
      previous = undefined;
    }
    setHub(createMemoryHub());
  });
  afterAll(() => setHub(previous));
}
