// A clock that moves only when told (tests): `advance(ms)` runs every timer that falls due on the way, in order,
// with `now()` equal to each timer's due time while it runs.
import type { Clock, ClockTimer } from "../modules/stream/clock";

interface Pending {
  id: number;
  due: number;
  callback: () => void;
}

export class ManualClock implements Clock {
  private current: number;
  private nextId = 1;
  private timers: Pending[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): ClockTimer {
    const timer = { id: this.nextId++, due: this.current + Math.max(0, ms), callback };
    this.timers.push(timer);
    return { id: timer.id };
  }

  clearTimeout(timer: ClockTimer): void {
    const id = (timer as { id: number }).id;
    this.timers = this.timers.filter((pending) => pending.id !== id);
  }

  /** moves time forward by `ms`, running the timers that fall due */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.due <= target).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.current = due.due;
      due.callback();
    }
    this.current = target;
  }

  /** timers waiting to fire */
  get pendingTimers(): number {
    return this.timers.length;
  }
}
