// The TCP sessions open on this node, by tracker id: who is online (device_offline) and how to send a Codec 12
// command and await its answer. Commands on one session go one at a time, as devices answer in order.

export interface CommandChannel {
  /** writes an encoded command to the device */
  write(bytes: Buffer): void;
}

export class CommandTimeoutError extends Error {
  constructor(readonly command: string) {
    super(`the device did not answer "${command}" in time`);
    this.name = "CommandTimeoutError";
  }
}

interface Waiting {
  command: string;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class DeviceSession {
  private queue: Promise<unknown> = Promise.resolve();
  private waiting: Waiting | undefined;

  constructor(
    readonly trackerId: number,
    readonly imei: string,
    private readonly channel: CommandChannel,
    private readonly encode: (command: string) => Buffer,
  ) {}

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

export class DeviceSessions {
  private readonly byTracker = new Map<number, DeviceSession>();

  add(session: DeviceSession): void {
    this.byTracker.get(session.trackerId)?.close(); // a reconnect replaces the old session
    this.byTracker.set(session.trackerId, session);
  }

  remove(session: DeviceSession): void {
    if (this.byTracker.get(session.trackerId) === session) this.byTracker.delete(session.trackerId);
    session.close();
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
