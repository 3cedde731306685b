// Warnings about traffic an attacker controls (refused connections, refused logins, dropped datagrams) would flood
// the log under attack. Each kind of event is logged at most once per interval; the line carries how many events
// of that kind happened since the previous line, so the log still tells how big the attack is. The kinds are a
// fixed set of strings chosen by the code, so this never grows with the traffic.
import type { Logger } from "pino";

export class SampledLog {
  private readonly last = new Map<string, { at: number; since: number }>();

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = 10_000,
  ) {}

  /** logs `message` with `fields` unless a `message` line was logged within the interval; counts it either way */
  warn(message: string, fields: Record<string, unknown>): void {
    const now = Date.now();
    const entry = this.last.get(message);
    if (entry && now - entry.at < this.intervalMs) {
      entry.since++;
      return;
    }
    this.logger.warn({ ...fields, eventsSinceLastLine: (entry?.since ?? 0) + 1 }, message);
    this.last.set(message, { at: now, since: 0 });
  }
}
