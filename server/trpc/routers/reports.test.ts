// Reports through the dashboard API, on the real engine, job queue and schedules: a small report answers a JSON page
// with the binding columns and completeness; "all" means every asset of the account; a request over the synchronous
// limit becomes a queued job the jobs list shows; every member runs reports, only reports.manage manages schedules;
// another account's assets and jobs are not found.
import { beforeAll, describe, expect, it } from "vitest";
import { makeAsset } from "../../testing/http-fixtures";
import { useRecordingHub } from "../../testing/recording-hub";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, refusal, type FixtureAccount } from "../../testing/trpc-fixtures";

const DAY = 86_400_000;

describe.each(databaseKinds())("reports router on %s", (kind) => {
  useTestDatabase(kind);
  const jobEvents = useRecordingHub("report-job.changed");
  let a: FixtureAccount;
  let other: FixtureAccount;
  let vanId: number;
  let truckId: number;
  const to = new Date(Math.floor(Date.now() / DAY) * DAY);
  const from = new Date(to.getTime() - 7 * DAY);

  beforeAll(async () => {
    a = await createFixtureAccount("Reports A");
    other = await createFixtureAccount("Reports B");
    vanId = (await makeAsset(a.id, "Van")).id;
    truckId = (await makeAsset(a.id, "Truck")).id;
  });

  it("answers a small report as a JSON page with the binding columns and each asset's completeness, for every role", async () => {
    for (const role of ["admin", "fleet_manager", "office_staff", "viewer"] as const) {
      const result = await callerFor(a.users[role]).reports.run({ accountKey: a.key, type: "trips", assetIds: [vanId], from, to });
      expect(result.kind).toBe("page");
      if (result.kind !== "page") return;
      expect(result.page.data).toEqual([]);
      expect(result.page.meta.columns.map((column) => column.key).slice(0, 5)).toEqual(["asset_id", "asset_name", "start_time", "end_time", "duration_s"]);
      expect(result.page.meta.completeness).toEqual([expect.objectContaining({ asset_id: vanId, asset_name: "Van", newest_record_at: null })]);
    }
  });

  it("takes all for every asset of the account, and not another account's", async () => {
    const result = await callerFor(a.users.viewer).reports.run({ accountKey: a.key, type: "mileage", period: "week", assetIds: "all", from, to });
    if (result.kind !== "page") throw new Error("expected a page");
    expect(result.page.meta.completeness.map((entry) => entry.asset_id).sort()).toEqual([vanId, truckId].sort());
    const foreign = await makeAsset(other.id, "Theirs");
    expect((await refusal(callerFor(a.users.admin).reports.run({ accountKey: a.key, type: "trips", assetIds: [foreign.id], from, to }))).code).toBe("NOT_FOUND");
    expect((await refusal(callerFor(a.users.admin).reports.run({ accountKey: other.key, type: "trips", assetIds: "all", from, to }))).code).toBe("NOT_FOUND");
  });

  it("makes a request over the synchronous limit a job, listed with its progress and readable by id in its account only", async () => {
    // route weighs 20 per asset-day: 9 assets × 31 days = 5,580 > 5,000
    const ids = [vanId, truckId];
    for (let i = 0; i < 7; i++) ids.push((await makeAsset(a.id, `Bus ${i}`)).id);
    const result = await callerFor(a.users.office_staff).reports.run({
      accountKey: a.key,
      type: "route",
      assetIds: ids,
      from: new Date(to.getTime() - 31 * DAY),
      to,
    });
    expect(result.kind).toBe("job");
    if (result.kind !== "job") return;
    expect(result.cost).toBeGreaterThan(5_000);
    expect(result.job).toMatchObject({ type: "route", format: "xlsx", asset_ids: ids });
    const listed = await callerFor(a.users.viewer).reports.jobs({ accountKey: a.key });
    expect(listed.data.map((job) => job.id)).toContain(result.job.id);
    expect(await callerFor(a.users.viewer).reports.job({ accountKey: a.key, jobId: result.job.id })).toMatchObject({ id: result.job.id });
    expect((await refusal(callerFor(other.users.admin).reports.job({ accountKey: other.key, jobId: result.job.id }))).code).toBe("NOT_FOUND");
    // the /reporting socket hears of it
    await jobEvents.settle();
    expect(jobEvents.events).toContainEqual(expect.objectContaining({ accountId: a.id, jobId: result.job.id }));
  });

  it("queues a file job on request", async () => {
    const job = await callerFor(a.users.viewer).reports.createJob({ accountKey: a.key, type: "activity", assetIds: [vanId], from, to, format: "pdf" });
    expect(job).toMatchObject({ type: "activity", format: "pdf", status: expect.stringMatching(/queued|running|done/) });
  });

  it("lets admins, fleet managers and office staff manage schedules; viewers read them", async () => {
    const body = {
      name: "Weekly activity",
      type: "activity",
      asset_ids: "all",
      frequency: "weekly",
      weekday: 1,
      day_of_month: null,
      time: "07:30",
      format: "xlsx",
      period: "range",
      recipients: ["fleet@example.test"],
      enabled: true,
    };
    const viewer = callerFor(a.users.viewer);
    expect((await refusal(viewer.reports.createSchedule({ accountKey: a.key, body }))).code).toBe("FORBIDDEN");
    const manager = callerFor(a.users.fleet_manager);
    const created = await manager.reports.createSchedule({ accountKey: a.key, body });
    expect(created).toMatchObject({ name: "Weekly activity", frequency: "weekly", weekday: 1, time: "07:30", enabled: true });
    expect((await viewer.reports.schedules({ accountKey: a.key })).data).toContainEqual(expect.objectContaining({ id: created.id }));
    expect((await refusal(viewer.reports.updateSchedule({ accountKey: a.key, scheduleId: created.id, body: { ...body, enabled: false } }))).code).toBe("FORBIDDEN");
    const paused = await callerFor(a.users.office_staff).reports.updateSchedule({ accountKey: a.key, scheduleId: created.id, body: { ...body, enabled: false } });
    expect(paused).toMatchObject({ id: created.id, enabled: false });
    await callerFor(a.users.admin).reports.deleteSchedule({ accountKey: a.key, scheduleId: created.id });
    expect((await viewer.reports.schedules({ accountKey: a.key })).data).toEqual([]);
  });
});
