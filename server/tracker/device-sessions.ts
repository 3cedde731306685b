// The TCP sessions open on this node, by tracker id: who is online (device_offline) and how to send a Codec 12
// command and await its answer. Commands on one session go one at a time, as devices answer in order.
import { CommandTimeoutError, type TrackerSession, type TrackerSessions } from "../modules/devices/device-port";

export interface CommandChannel {
  /** writes an encoded command to the device */
  write(bytes: Buffer): void;
  /** closes the device's connection (the session is then removed by whoever owns the connection) */
  end?(reason: string): void;
}

/** whom a session speaks for, as looked up at its login */
export interface SessionIdentity {
  trackerId: number;
  assetId: number | null;
  imei: string;
}

// sessions implement the domain's device port (TrackerSession, TrackerSessions), whose timeout error they throw
export { CommandTimeoutError };

interface Waiting {
  command: string;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class DeviceSession implements TrackerSession {
  private queue: Promise<unknown> = Promise.resolve();
  private waiting: Waiting | undefined;

  readonly trackerId: number;
  readonly assetId: number | null;
  readonly imei: string;
  /** when the device logged in (epoch ms): the newest login of a tracker wins */
  readonly startedAt: number;

  constructor(
    identity: SessionIdentity,
    private readonly channel: CommandChannel,
    private readonly encode: (command: string) => Buffer,
    startedAt = Date.now(),
  ) {
    this.trackerId = identity.trackerId;
    this.assetId = identity.assetId;
    this.imei = identity.imei;
    this.startedAt = startedAt;
  }

  /** closes the device's connection: it may no longer speak for its tracker and asset as they were at login */
  end(reason: string): void {
    this.channel.end?.(reason);
  }

  /** sends a command and resolves with the device's text answer */
  send(command: string, timeoutMs = 30_000): Promise<string> {
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.waiting = undefined;
          reject(new CommandTimeoutError(command));
        }, timeoutMs);
        this.waiting = { command, resolve, reject, timer };
        this.channel.write(this.encode(command));
      });
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** an answer arrived; returns false when nobody was waiting for one */
  answer(text: string): boolean {
    const waiting = this.waiting;
    if (!waiting) return false;
    this.waiting = undefined;
    clearTimeout(waiting.timer);
    waiting.resolve(text);
    return true;
  }

  close(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error(`the device disconnected before answering "${waiting.command}"`));
    }
  }
}

export class DeviceSessions implements TrackerSessions {
  private readonly byTracker = new Map<number, DeviceSession>();
  private readonly added = new Set<(session: DeviceSession) => void>();

  /**
   * A device logged in. The newest login of a tracker wins: an older session of the same tracker on this node is
   * ended (a device that reconnects leaves its old connection behind, half-open, for minutes; a second device with
   * the same IMEI is suspicious, and the one that logged in last is the one heard).
   */
  add(session: DeviceSession): void {
    const older = this.byTracker.get(session.trackerId);
    this.byTracker.set(session.trackerId, session);
    if (older && older !== session) {
      older.close();
      older.end("replaced by a newer login of the same tracker");
    }
    for (const listener of this.added) listener(session);
  }

  /** calls `listener` with every session added from now on; returns the function that stops it */
  onAdd(listener: (session: DeviceSession) => void): () => void {
    this.added.add(listener);
    return () => this.added.delete(listener);
  }

  /** the tracker is now served elsewhere (a newer login on another node): this session no longer counts as its own */
  detach(session: DeviceSession): void {
    if (this.byTracker.get(session.trackerId) === session) this.byTracker.delete(session.trackerId);
  }

  /** the session's connection closed; returns false when a newer login had already replaced it */
  remove(session: DeviceSession): boolean {
    const current = this.byTracker.get(session.trackerId) === session;
    if (current) this.byTracker.delete(session.trackerId);
    session.close();
    return current;
  }

  /** the open sessions that logged in for this asset */
  forAsset(assetId: number): DeviceSession[] {
    return [...this.byTracker.values()].filter((session) => session.assetId === assetId);
  }

  get(trackerId: number): DeviceSession | undefined {
    return this.byTracker.get(trackerId);
  }

  isOnline(trackerId: number): boolean {
    return this.byTracker.has(trackerId);
  }

  get size(): number {
    return this.byTracker.size;
  }
}
