// The hub's event catalogue: every event the server publishes and its payload, the "published language" between
// publishers and subscribers. It lives apart from the mechanism (server/hub.ts) so that the hub, a core module,
// depends on no domain module; this file adds its events to hub.ts's `HubEvents` by declaration merging, so
// importers keep `import type { HubEvents } from "./hub"`. To add an event: one entry here, with who publishes it.
import type { LivePosition } from "./modules/positions/live-position";
import type { RunEtaMessage } from "./modules/run-progress/run-eta-message";
import type { RunProgressMessage } from "./modules/run-progress/run-progress-message";
import type { ReportJobDto } from "./modules/reports/jobs/report-jobs.schema";
import type { AlertMessage, DriverBehaviorMessage, VehicleHealthMessage } from "./modules/stream/channel-messages";

declare module "./hub" {
  interface HubEvents {
    /** a test or diagnostic message */
    ping: { from: string; at: number };
    "account.changed": { accountId: number };
    "asset.changed": { accountId: number; assetId: number; change: "created" | "updated" | "deleted" };
    "credentials.revoked": { accountId: number; kind: "oauth_client" | "api_key"; id: number };
    /**
     * an OAuth client was renamed, its scopes edited (and maybe renamed too) or its secret rotated: cached lookups are
     * dropped everywhere, and for scopes or secret its live-stream connections are re-checked by reconnecting
     */
    "credentials.changed": { accountId: number; kind: "oauth_client"; id: number; change: "name" | "scopes" | "secret" };
    /**
     * a member's role in an account changed or they were removed from it (server/modules/users/member-changes.ts):
     * the credential caches (OAuth clients, verified API keys) drop what they hold for that member
     */
    "member.changed": { accountId: number; userId: number; change: "role" | "removed" | "groups" };
    /** a stored position newer than any before it for its asset (the detailed live payload) */
    position: LivePosition;
    /** a tracker's TCP session opened or closed (connectivity alerts, device_offline) */
    "tracker.connection": { accountId: number; assetId: number | null; trackerId: number; imei: string; online: boolean; at: number };
    /**
     * a tracker logged in on node `nodeId` at `at` (epoch ms): every other node ends its older session of the tracker
     * (the newest login wins, docs/ingest.md "Sessions")
     */
    "tracker.login": { trackerId: number; imei: string; nodeId: string; at: number };
    /**
     * a Codec 12 command for a tracker whose session may be on another node (server/tracker/command-gateway.ts);
     * `command` null only asks which node holds the session
     */
    "tracker.command.request": { requestId: string; trackerId: number; command: string | null; timeoutMs: number };
    /** the node holding the session: found it (here), wrote the command (delivered), the device's answer, or why not */
    "tracker.command.reply": { requestId: string; stage: "here" | "delivered" | "answered" | "failed"; text?: string };
    /**
     * an asset's wanted authorised-driver list or immobiliser setting changed: the node holding its tracker's session
     * pushes the difference (docs/vehicle-control.md "Authorised drivers")
     */
    "authorised-drivers.changed": { accountId: number; assetId: number };
    /**
     * an account's alert rules or geofences changed, or which assets its groups and tags hold
     * (geofences/notify-rules-changed.ts): evaluators on every node reload them
     */
    "alert-rules.changed": { accountId: number };
    /**
     * a tracking link was created, changed, disabled, expired, moved to another vehicle, crossed a schedule boundary or
     * was deleted: public tracking gateways read it again and tell its viewers what changed (docs/public-tracking.md)
     */
    "tracking-link.changed": { accountId: number; linkId: number; uuid: string };
    /**
     * a report job was queued, started, made progress, finished, failed (job: its DTO) or was deleted (job: null);
     * published by the node that changed it, heard by every node's /reporting socket (docs/reports.md)
     */
    "report-job.changed": { accountId: number; jobId: number; job: ReportJobDto | null };
    /**
     * a message for a private channel of the Pusher-protocol server other than public tracking (`private-user.{id}`,
     * `private-driver.{id}`, docs/messaging.md: server/realtime/pusher/private-channel-authorizers.ts); every node's private-channels
     * gateway sends it to the channel's subscribers there as `event` with `data` (server/modules/private-channels/private-channels.ts)
     */
    "private-channel.message": { channel: string; event: string; data: unknown };
    /**
     * the sessions that may hear a private channel were revoked (a user's "sign out everywhere" or password change, an
     * account signing a driver out): every node closes the sockets subscribed to it (server/modules/private-channels/private-channels.ts)
     */
    "private-channel.revoked": { channel: string };
    /**
     * a followed run started, reached, left or skipped a stop, finished or was cancelled (docs/run-progress.md):
     * published, once in the cluster, by the node evaluating the run's vehicle after the run's state is stored
     */
    "run.progress": RunProgressMessage;
    /**
     * the estimated arrivals at the stops still ahead of a run in progress, after each of its vehicle's fixes
     * (server/modules/run-progress/run-eta-message.ts)
     */
    "run.eta": RunEtaMessage;
    /**
     * an account's routes, stops or runs changed (a write through the dashboard or an import): run-progress trackers
     * on every node read that account's runs again before its next position
     */
    "runs.changed": { accountId: number };
    /** a passenger's messaging settings changed (the approach alert): approach-alert senders read that route again */
    "passengers.changed": { accountId: number; routeId: number };
    /** the live stream's other channels (server/modules/stream/channel-messages.ts) */
    alert: AlertMessage;
    vehicle_health: VehicleHealthMessage;
    driver_behavior: DriverBehaviorMessage;
  }
}
