import { describe, expect, it } from "vitest";
import { KeyedSerialQueue } from "./keyed-serial-queue";

/** a job the test finishes by hand, recording when it started */
function gate(started: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    job: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: (message: string) => fail(new Error(message)),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("KeyedSerialQueue", () => {
  it("runs one key's jobs in order, one at a time, and other keys' jobs alongside", async () => {
    const queue = new KeyedSerialQueue<string>();
    const started: string[] = [];
    const a1 = gate(started, "a1");
    const a2 = gate(started, "a2");
    const b1 = gate(started, "b1");
    const results = [queue.run("a", a1.job), queue.run("a", a2.job), queue.run("b", b1.job)];
    await turn();
    expect(started).toEqual(["a1", "b1"]); // a2 waits for a1; b1 does not wait for anyone
    expect(queue.waitingFor("a")).toBe(2);
    expect(queue.size).toBe(3);
    b1.finish();
    a1.finish();
    await turn();
    expect(started).toEqual(["a1", "b1", "a2"]);
    a2.finish();
    await expect(Promise.all(results)).resolves.toEqual(["a1", "a2", "b1"]);
  });

  it("fails only the failing job's caller; the jobs behind it still run", async () => {
    const queue = new KeyedSerialQueue<number>();
    const started: string[] = [];
    const first = gate(started, "first");
    const second = gate(started, "second");
    const failing = queue.run(7, first.job);
    const next = queue.run(7, second.job);
    first.fail("refused");
    await expect(failing).rejects.toThrow("refused");
    await turn();
    expect(started).toEqual(["first", "second"]);
    second.finish();
    await expect(next).resolves.toBe("second");
  });

  it("forgets a key once its jobs are done, and idle() waits for every job queued", async () => {
    const queue = new KeyedSerialQueue<string>();
    const started: string[] = [];
    const slow = gate(started, "slow");
    void queue.run("x", slow.job);
    let idle = false;
    const waiting = queue.idle().then(() => (idle = true));
    await turn();
    expect(idle).toBe(false);
    slow.finish();
    await waiting;
    expect(queue.size).toBe(0);
    expect(queue.waitingFor("x")).toBe(0);
    expect(idle).toBe(true);
  });
});
