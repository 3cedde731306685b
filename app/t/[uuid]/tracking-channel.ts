// The link's live channel (spec, Events: public tracking channel; Endpoints: channel connection) on pusher-js, loaded
// only when a viewer has a session. It turns pusher-js's events into the few things the page acts on: a location,
// the link's events, a refusal with one of the spec's close codes, and a drop that nobody asked for (network, server
// restart). pusher-js retries a drop on its own; the page stops it and decides itself when to reconnect (after
// reading the link info, as the spec asks).
import { trackingChannel, TrackingEvent } from "@/server/modules/tracking-links/public-channel";
import type { ExpiryReason, PublicLocation, PublicStop } from "@/server/modules/tracking-links/tracking-links.schema";
import { TrackingCloseCode } from "@/server/realtime/pusher/close-codes";
import { connectSameOriginPusher } from "../../_components/realtime/same-origin-pusher";

export type RefusalCode = (typeof TrackingCloseCode)[keyof typeof TrackingCloseCode];
const REFUSALS = new Set<number>(Object.values(TrackingCloseCode));

export interface ChannelHandlers {
  /** subscribed (again): from now on every position arrives */
  onSubscribed(): void;
  /** `stop`: a route-based link's stop beside the location (ours); undefined when the event carries none */
  onLocation(location: PublicLocation, stop: PublicStop | null | undefined): void;
  /** the link was disabled or ended; the server closes the connection next */
  onExpired(reason: ExpiryReason): void;
  onScheduleChanged(change: { is_active: boolean; message: string }): void;
  onVehicleChanged(change: { message: string; new_location?: PublicLocation }): void;
  /** the server closed the connection with one of the spec's codes (4001-4005) */
  onRefused(code: RefusalCode): void;
  /** /broadcasting/auth refused the channel (401: the session has ended) */
  onAuthFailed(status: number): void;
  /** the connection dropped, and not because of the page or a refusal */
  onDropped(): void;
}

export interface TrackingChannel {
  /** disconnects for good; no handler is called afterwards */
  close(): void;
}

/** the close code in a pusher-js connection error: a pusher:error message, or the close frame itself */
function refusalCode(error: unknown): RefusalCode | null {
  const e = error as { data?: { code?: unknown }; error?: { data?: { code?: unknown } } } | null;
  const code = e?.data?.code ?? e?.error?.data?.code;
  return typeof code === "number" && REFUSALS.has(code) ? (code as RefusalCode) : null;
}

export async function openTrackingChannel(uuid: string, token: string, handlers: ChannelHandlers): Promise<TrackingChannel> {
  const pusher = await connectSameOriginPusher({ "X-Session-Token": token });

  let done = false; // closed by the page, refused, or dropped: report nothing more
  const finish = () => {
    done = true;
    pusher.connection.unbind_all();
    pusher.unbind_all();
    pusher.disconnect();
  };
  const guard =
    <A extends unknown[]>(run: (...args: A) => void) =>
    (...args: A) => {
      if (!done) run(...args);
    };

  const channel = pusher.subscribe(trackingChannel(uuid));
  channel.bind("pusher:subscription_succeeded", guard(() => handlers.onSubscribed()));
  channel.bind(
    "pusher:subscription_error",
    guard((error: { status?: number }) => {
      const status = error?.status ?? 0;
      if (status === 401) {
        finish();
        handlers.onAuthFailed(status);
        return;
      }
      // the authorisation request failed for another reason (offline, overloaded): like a drop
      finish();
      handlers.onDropped();
    }),
  );
  channel.bind(
    TrackingEvent.LOCATION_UPDATED,
    guard((data: { location?: PublicLocation; stop?: PublicStop | null }) => {
      if (data?.location) handlers.onLocation(data.location, data.stop);
    }),
  );
  channel.bind(
    TrackingEvent.LINK_EXPIRED,
    guard((data: { reason?: ExpiryReason }) => {
      // spec: after link.expired the client disconnects
      finish();
      handlers.onExpired(data?.reason ?? "disabled");
    }),
  );
  channel.bind(
    TrackingEvent.SCHEDULE_CHANGED,
    guard((data: { is_active?: boolean; message?: string }) => {
      handlers.onScheduleChanged({ is_active: data?.is_active === true, message: data?.message ?? "" });
    }),
  );
  channel.bind(
    TrackingEvent.VEHICLE_CHANGED,
    guard((data: { message?: string; new_location?: PublicLocation }) => {
      handlers.onVehicleChanged({ message: data?.message ?? "", ...(data?.new_location && { new_location: data.new_location }) });
    }),
  );

  pusher.connection.bind(
    "error",
    guard((error: unknown) => {
      const code = refusalCode(error);
      if (code === null) return;
      finish();
      handlers.onRefused(code);
    }),
  );
  pusher.connection.bind(
    "state_change",
    guard(({ previous, current }: { previous: string; current: string }) => {
      // a connected socket that closes goes back to "connecting" and pusher-js retries at once; a first connection
      // that cannot be made ends "unavailable"; "failed" means no transport works; "disconnected" that the page did
      // not ask for follows a close
      const dropped =
        current === "unavailable" || current === "failed" || current === "disconnected" || (previous === "connected" && current === "connecting");
      if (!dropped) return;
      finish();
      handlers.onDropped();
    }),
  );

  return { close: finish };
}
