// The HTTP requests being answered, so that a graceful stop lets them finish (a REST call that is writing an import,
// a tracking-link edit) instead of cutting their connections: the stop waits up to a grace period for them, then
// closes whatever is left. Streams (server-sent events: the dashboard's live subscriptions) never finish by
// themselves, so they are ended at once; their clients reconnect, to another node behind a load balancer.
import type { ServerResponse } from "node:http";
import { settledWithin } from "../deadlines";

/** how long a stop waits for requests under way */
export const HTTP_STOP_GRACE_MS = 10_000;

const isStream = (response: ServerResponse) => String(response.getHeader("content-type") ?? "").startsWith("text/event-stream");

export class InFlightRequests {
  private readonly open = new Map<ServerResponse, Promise<void>>();

  /** counts `response` as under way until its connection has sent it (or closed) */
  track(response: ServerResponse): void {
    this.open.set(
      response,
      new Promise<void>((resolve) =>
        response.once("close", () => {
          this.open.delete(response);
          resolve();
        }),
      ),
    );
  }

  get size(): number {
    return this.open.size;
  }

  /** ends the streams now and waits, at most `graceMs`, for the other requests to be answered */
  async drain(graceMs = HTTP_STOP_GRACE_MS): Promise<void> {
    for (const response of this.open.keys()) if (isStream(response)) response.destroy();
    await settledWithin(Promise.all(this.open.values()), graceMs);
  }
}
