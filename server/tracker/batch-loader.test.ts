import { describe, expect, it } from "vitest";
import { BatchLoader } from "./batch-loader";

describe("BatchLoader", () => {
  it("answers the lookups of one tick with one call, each caller with its own value", async () => {
    const calls: number[][] = [];
    const loader = new BatchLoader(async (keys: number[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 3).map((k) => [k, k * 10]));
    }, -1);
    const answers = await Promise.all([loader.load(1), loader.load(2), loader.load(2), loader.load(3)]);
    expect(answers).toEqual([10, 20, 20, -1]); // a key the query did not find gets the fallback
    expect(calls).toEqual([[1, 2, 3]]); // one query, each key once
    expect(await loader.load(4)).toBe(40); // a later tick is a new batch
    expect(calls).toHaveLength(2);
  });

  it("splits large batches and rejects only the callers of a failed batch", async () => {
    const loader = new BatchLoader(
      async (keys: number[]) => {
        if (keys.includes(0)) throw new Error("database unreachable");
        return new Map(keys.map((k) => [k, String(k)]));
      },
      null,
      2,
    );
    const results = await Promise.allSettled([loader.load(0), loader.load(1), loader.load(2), loader.load(3)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "fulfilled", "fulfilled"]);
    expect((results[0] as PromiseRejectedResult).reason.message).toBe("database unreachable");
    expect((results[3] as PromiseFulfilledResult<string>).value).toBe("3");
  });

  it("holds keys asked while queries run and sends them together when one ends", async () => {
    const calls: number[][] = [];
    const gates: (() => void)[] = [];
    const loader = new BatchLoader(
      async (keys: number[]) => {
        calls.push(keys);
        await new Promise<void>((resolve) => gates.push(resolve));
        return new Map(keys.map((k) => [k, k]));
      },
      -1,
      500,
      1,
    );
    const first = loader.load(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((k) => loader.load(k)); // asked one by one while the first query runs
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([[1]]);
    gates.shift()!();
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual([[1], [2, 3, 4]]); // one query for all three
    gates.shift()!();
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
  });
});
