// Tells the other parts of this process and of the cluster that something they may have cached has changed (an
// asset, an account's plan, revoked credentials). The change itself is already committed when this is called, so a
// failure to announce is logged, never thrown: every cache that listens also expires on its own within minutes.
// Processes without a hub (the CLI, unit tests) have nobody to tell.
import { hub, type HubEventName, type HubEvents, type Hub } from "./hub";
import { log } from "./log";

export async function announce<E extends HubEventName>(event: E, payload: HubEvents[E]): Promise<void> {
  const current = processHub();
  if (!current) return;
  try {
    await current.publish(event, payload);
  } catch (error) {
    log("hub").error({ err: error, event }, "could not announce a change; caches elsewhere expire on their own");
  }
}

/** the hub of this process, when the server created one */
export function processHub(): Hub | undefined {
  try {
    return hub();
  } catch {
    return undefined;
  }
}
