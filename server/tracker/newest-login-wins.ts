// The login policy for a tracker connected more than once: the newest login wins, across the cluster. Real devices
// reconnect (after a coverage gap, a modem reset) while their old connection lingers half-open for minutes; a second
// live connection with the same IMEI is otherwise a cloned or spoofed device. Either way the session that logged in
// last is the one kept. On one node DeviceSessions ends the older session itself; this announces each login on the
// cluster hub with the node's id, so the node holding an older session of the tracker ends it too. A tracker that
// logs in again and again (more than FLAPPING_LOGINS times in FLAPPING_WINDOW_MS) is logged as flapping, once per
// window: two devices with one IMEI fighting over it, or a device in trouble.
import type { Logger } from "pino";
import type { Hub, HubEvents } from "../hub";
import { randomId } from "../security/random";
import type { DeviceSession, DeviceSessions } from "./device-sessions";

export const FLAPPING_LOGINS = 5;
export const FLAPPING_WINDOW_MS = 10 * 60_000;

export function enforceNewestLogin(options: {
  sessions: DeviceSessions;
  hub: Hub;
  logger: Logger;
  nodeId?: string;
  now?: () => number;
}): () => void {
  const { sessions, hub, logger } = options;
  const nodeId = options.nodeId ?? randomId(10);
  const now = options.now ?? Date.now;
  const logins = new Map<number, { times: number[]; warnedAt: number | null }>();

  const count = (trackerId: number, imei: string, remoteNode: string | null) => {
    const at = now();
    const entry = logins.get(trackerId) ?? { times: [], warnedAt: null };
    entry.times = entry.times.filter((time) => at - time < FLAPPING_WINDOW_MS);
    entry.times.push(at);
    logins.set(trackerId, entry);
    const quiet = entry.warnedAt === null || at - entry.warnedAt >= FLAPPING_WINDOW_MS;
    if (entry.times.length > FLAPPING_LOGINS && quiet) {
      entry.warnedAt = at;
      logger.warn({ imei, trackerId, logins: entry.times.length, windowMinutes: FLAPPING_WINDOW_MS / 60_000, otherNode: remoteNode }, "tracker flapping: logging in again and again");
    }
  };

  const stopAdding = sessions.onAdd((session: DeviceSession) => {
    count(session.trackerId, session.imei, null);
    const event = { trackerId: session.trackerId, imei: session.imei, nodeId, at: session.startedAt };
    hub.publish("tracker.login", event).catch((error) => logger.warn({ err: error, imei: session.imei }, "tracker login not announced"));
  });

  const stopHearing = hub.subscribe("tracker.login", (event: HubEvents["tracker.login"]) => {
    if (event.nodeId === nodeId) return;
    const local = sessions.get(event.trackerId);
    if (!local) return;
    // the later login wins; on the same millisecond the node ids decide, so exactly one of the two survives
    const olderHere = local.startedAt < event.at || (local.startedAt === event.at && nodeId < event.nodeId);
    if (!olderHere) return;
    count(event.trackerId, event.imei, event.nodeId);
    logger.info({ imei: event.imei, otherNode: event.nodeId }, "tracker session ended: it logged in on another node");
    sessions.detach(local); // the tracker is online there: its closing here is not the tracker going offline
    local.end("replaced by a newer login on another node");
  });

  return () => {
    stopAdding();
    stopHearing();
  };
}
