// Test support for what the server logs: before each test the process's logger (server/log.ts) is swapped for one
// that writes into a string at debug level, and the previous logger is put back after, so a test can check what was
// logged and, above all, what never was (message bodies, passwords, phone numbers).
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, beforeEach } from "vitest";

/** where server/log.ts keeps the process's logger */
const store = globalThis as unknown as { __fleetlineLog?: pino.Logger };

export interface CapturedLog {
  /** every line logged since the current test started, as pino wrote it (JSON, one per line) */
  readonly text: string;
}

export function useCapturedLog(): CapturedLog {
  let text = "";
  let previous: pino.Logger | undefined;
  beforeEach(() => {
    text = "";
    previous = store.__fleetlineLog;
    store.__fleetlineLog = pino(
      { level: "debug", base: undefined },
      new Writable({
        write(chunk, _encoding, done) {
          text += chunk;
          done();
        },
      }),
    );
  });
  afterEach(() => {
    store.__fleetlineLog = previous;
  });
  return {
    get text() {
      return text;
    },
  };
}
