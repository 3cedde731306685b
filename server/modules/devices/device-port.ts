// The device port: what the domain may ask of connected trackers, declared here so use cases (vehicle control,
// authorised drivers) never import server/tracker. The tracker layer implements it (tracker/command-gateway.ts,
// tracker/device-sessions.ts) and the tracker service sets it at start-up (tracker-service.ts), as the hub is set;
// a process without a tracker service (the admin CLI, the Next.js bundle before the server started) has none.

/** a command written to a tracker */
export interface Delivery {
  /** the device's text answer; rejects when it does not answer in time or disconnects first */
  answer: Promise<string>;
}

/** sends commands to a tracker wherever its session is, in the cluster */
export interface DeviceCommands {
  /** whether a session of the tracker is open on any node */
  isOnline(trackerId: number): Promise<boolean>;
  /** writes the command to the tracker's session; null when no node holds one (device_offline) */
  deliver(trackerId: number, command: string, timeoutMs: number): Promise<Delivery | null>;
}

/** one tracker's session open on this node */
export interface TrackerSession {
  readonly trackerId: number;
  readonly assetId: number | null;
  /** sends a command and resolves with the device's text answer; rejects with CommandTimeoutError when it is late */
  send(command: string, timeoutMs?: number): Promise<string>;
}

/** the sessions open on this node (node-local work such as the authorised-driver sync) */
export interface TrackerSessions {
  forAsset(assetId: number): TrackerSession[];
  /** calls `listener` on every login; returns the function that stops that */
  onAdd(listener: (session: TrackerSession) => void): () => void;
}

/** the device did not answer a command in time (the session is still open: it may answer late) */
export class CommandTimeoutError extends Error {
  constructor(readonly command: string) {
    super(`the device did not answer "${command}" in time`);
    this.name = "CommandTimeoutError";
  }
}

// On globalThis: route handlers (bundled by Next) reach the port the server process set (stack.md trap 10).
const store = globalThis as unknown as { __fleetlineCommandGateway?: DeviceCommands };

/** the commands port of this process's tracker service; null when no tracker service runs (e.g. the admin CLI) */
export function deviceCommands(): DeviceCommands | null {
  return store.__fleetlineCommandGateway ?? null;
}

export function setDeviceCommands(commands: DeviceCommands | undefined): void {
  store.__fleetlineCommandGateway = commands;
}
