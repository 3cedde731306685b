// The time source of the live stream: the 25 s throttle, token-cache ages and lease refreshes read it, so tests
// drive them with a manual clock instead of sleeping. I/O timeouts (a database that hangs) use real timers.

export type ClockTimer = { readonly id: number } | NodeJS.Timeout;

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): ClockTimer;
  clearTimeout(timer: ClockTimer): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(callback, ms) {
    const timer = setTimeout(callback, ms);
    timer.unref(); // open sockets keep the process alive, a pending throttle timer must not
    return timer;
  },
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};
