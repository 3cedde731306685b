// What the server and its notification worker process say to each other over the IPC channel (notification-process.ts
// is the child, notification-process-supervisor.ts the server's side). The child owns no socket: what it would publish
// on the hub (an inbox's `notification.created`) and the webhooks it would announce (`alert_fired`) go to the server,
// which publishes and delivers them as if its own worker had.
import type { Env } from "../../env";
import type { AlertFiredData } from "./notification-worker";
import type { DELIVERY_LIMITS } from "./notification-timing";

export type ToNotificationProcess =
  /** the first message: the server's configuration (the child has no environment of its own to parse) */
  | { type: "start"; config: Env; authSecret: string; limits?: Partial<Record<keyof typeof DELIVERY_LIMITS, number>> }
  /** rows were just queued: a pass now, not at the next poll */
  | { type: "wake" }
  /** finish the pass under way, close the database and exit 0 */
  | { type: "stop" };

export type FromNotificationProcess =
  | { type: "ready" }
  | { type: "publish"; event: string; payload: unknown }
  | { type: "webhook"; accountId: number; data: AlertFiredData };
