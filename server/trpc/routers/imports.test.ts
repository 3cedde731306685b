// The import page's API on every database kind: office staff preview and import mapped rows (source "upload",
// labelled with the file's name), a large upload becomes a pending job whose progress the page polls until the
// worker finishes it, the history lists jobs newest first with who started them; viewers are refused; another
// account's job is not found.
import { beforeAll, describe, expect, it } from "vitest";
import { log } from "../../log";
import { startImportWorker } from "../../modules/imports/import-worker";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, refusal, type FixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("imports router on %s", (kind) => {
  useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;

  beforeAll(async () => {
    a = await createFixtureAccount("Imports A");
    b = await createFixtureAccount("Imports B");
  });

  const routes = [
    { route_number: "R1", stops: [{ name: "Oak" }, { name: "School" }] },
    { route_number: "R2", stops: [{ name: "Gate", lat: 99 }] },
  ];

  it("previews without writing, imports as an upload, and lists the job with who started it", async () => {
    const staff = callerFor(a.users.office_staff);
    const preview = await staff.imports.preview({ accountKey: a.key, target: "routes", rows: routes });
    expect(preview).toMatchObject({ rows: 3, stats: { created: 1, updated: 0, skipped: 0, failed: 1 }, errors: [{ row: 3, field: "stops.lat" }] });
    expect((await staff.imports.jobs({ accountKey: a.key })).data).toEqual([]);

    const { status, result } = await staff.imports.run({ accountKey: a.key, target: "routes", rows: routes, label: "routes.csv" });
    expect(status).toBe(200);
    expect(result).toMatchObject({ source: "upload", status: "done", stats: preview.stats, errors: preview.errors });

    const history = await staff.imports.jobs({ accountKey: a.key });
    expect(history.data).toEqual([
      expect.objectContaining({ id: result.id, label: "routes.csv", source: "upload", target: "routes", rows: 3, error_count: 1, user: { id: a.users.office_staff, name: "office_staff user" }, progress: null }),
    ]);
    expect(await staff.imports.job({ accountKey: a.key, id: result.id })).toMatchObject({ id: result.id, errors: preview.errors, label: "routes.csv" });
    expect((await refusal(callerFor(b.users.admin).imports.job({ accountKey: b.key, id: result.id }))).code).toBe("NOT_FOUND");
  });

  it("queues a large upload as a pending job with progress, done once the worker processed it", async () => {
    const manager = callerFor(a.users.fleet_manager);
    const rows = Array.from({ length: 600 }, (_, i) => ({ route_number: `L${i}` }));
    const { status, result } = await manager.imports.run({ accountKey: a.key, target: "routes", rows, label: "big.xlsx" });
    expect(status).toBe(202);
    expect(await manager.imports.job({ accountKey: a.key, id: result.id })).toMatchObject({ status: "pending", progress: { processed: 0, items: 600 } });
    const worker = startImportWorker({ logger: log("test"), autostart: false });
    await worker.drain();
    await worker.stop();
    expect(await manager.imports.job({ accountKey: a.key, id: result.id })).toMatchObject({ status: "done", progress: null, stats: { created: 600 } });
    // newest first, a page at a time
    await manager.imports.run({ accountKey: a.key, target: "runs", rows: [{ route_number: "L1", date: "2026-09-01" }], label: "runs.csv" });
    const first = await manager.imports.jobs({ accountKey: a.key, limit: 1 });
    expect(first.data.map((job) => job.label)).toEqual(["runs.csv"]);
    const second = await manager.imports.jobs({ accountKey: a.key, limit: 1, cursor: first.next_cursor });
    expect(second.data.map((job) => [job.id, job.label])).toEqual([[result.id, "big.xlsx"]]);
  });

  it("refuses viewers, and field names the import does not know", async () => {
    const viewer = callerFor(a.users.viewer);
    expect((await refusal(viewer.imports.preview({ accountKey: a.key, target: "routes", rows: routes }))).code).toBe("FORBIDDEN");
    expect((await refusal(viewer.imports.jobs({ accountKey: a.key }))).code).toBe("FORBIDDEN");
    expect((await refusal(viewer.imports.spreadsheets({ accountKey: a.key }))).code).toBe("FORBIDDEN");
    const unknown = await refusal(callerFor(a.users.admin).imports.run({ accountKey: a.key, target: "runs", rows: [{ route: "R1" }], label: "x.csv" }));
    expect(unknown.code).toBe("BAD_REQUEST");
    expect(unknown.message).toMatch(/unknown field "route"/);
  });

  it("counts the stops nested in route rows against the 5,000 rows before it checks any row's fields", async () => {
    const staff = callerFor(a.users.office_staff);
    // two rows of 3,000 stops each, one of them with a field the import does not know: the size decides first
    const stops = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Stop ${i}` }));
    const rows = [
      { route_number: "S1", stops: stops(3_000) },
      { route_number: "S2", stops: [{ nmae: "typo" }, ...stops(2_999)] },
    ];
    // one call at a time: a second call made up front would be refused while the first is awaited, an unhandled
    // rejection that fails the whole run
    const calls = [
      () => staff.imports.preview({ accountKey: a.key, target: "routes", rows }),
      () => staff.imports.run({ accountKey: a.key, target: "routes", rows, label: "big.csv" }),
    ];
    for (const call of calls) {
      const refused = await refusal(call());
      expect(refused.code).toBe("PAYLOAD_TOO_LARGE");
      expect(refused.message).toBe("This call holds 6,000 rows (each stop counting); one call takes at most 5,000, and nothing was imported. Split it into several calls.");
    }
  });
});
