// Scheduled reports over REST and end to end, on every database kind: create (201 + Location), read, list, replace,
// delete (204) with every refusal (401, 403 without reports:write, 404, 405, 422 field errors, 400), a schedule limited
// to a group and a tag (kept, checked against the account, and run on the matching assets only), and a schedule due
// now that queues a job, which the real worker renders as a PDF, which the schedule worker mails to every recipient as
// an attachment (read back from the outbox, a real PDF).
import pino from "pino";
import { describe, expect, it } from "vitest";
import { env } from "@/server/env";
import { produceJobFile } from "@/server/modules/reports/jobs/produce-report-file";
import { startReportWorker } from "@/server/modules/reports/jobs/report-worker";
import { startReportScheduleWorker } from "@/server/modules/reports/schedules/report-schedule-worker";
import { callRoute, makeAccount, makeAsset, makeToken, type RouteHandler } from "@/server/testing/http-fixtures";
import { readOutbox } from "@/server/testing/mail-capture";
import { useRecordingHub } from "@/server/testing/recording-hub";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import * as schedule from "./[scheduleId]/route";
import * as schedules from "./route";

const logger = pino({ level: "silent" });

describe.each(databaseKinds())("report schedules on %s", (kind) => {
  const t = useTestDatabase(kind);
  useRecordingHub("report-job.changed");

  async function setup() {
    const account = await makeAccount();
    const asset = await makeAsset(account.id, "Van 1");
    await t.db.account.update({ where: { id: account.id }, data: { timeZone: "Europe/Berlin" } });
    const writer = await makeToken(account.id, { scopes: ["reports:read", "reports:write"] });
    const reader = await makeToken(account.id, { scopes: ["reports:read"] });
    return { account, asset, token: writer.token, readOnly: reader.token };
  }
  const body = (assetIds: number[] | "all", over: Record<string, unknown> = {}) => ({
    name: "Weekly mileage",
    type: "mileage",
    asset_ids: assetIds,
    frequency: "weekly",
    weekday: 1,
    time: "07:00",
    format: "xlsx",
    period: "day",
    recipients: ["Fleet@Example.test", "boss@example.test", "fleet@example.test"],
    ...over,
  });

  it("creates, reads, lists, replaces and deletes schedules, refusing what it must", async () => {
    const { account, asset, token, readOnly } = await setup();
    const base = `/api/${account.key}/report-schedules`;
    const params = { accountKey: account.key };
    const created = await callRoute(schedules.POST as RouteHandler, "POST", base, params, token, body([asset.id]));
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.headers.get("location")).toBe(`${base}/${id}`);
    expect(created.body.data).toMatchObject({
      name: "Weekly mileage",
      asset_ids: [asset.id],
      frequency: "weekly",
      weekday: 1,
      day_of_month: null,
      time: "07:00",
      time_zone: "Europe/Berlin",
      recipients: ["fleet@example.test", "boss@example.test"],
      enabled: true,
      last_run_at: null,
      last_error: null,
    });
    // the next Monday, 07:00 in Berlin
    const next = new Date(created.body.data.next_run_at);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", weekday: "long", hour: "2-digit", minute: "2-digit" }).format(next)).toBe("Monday 07:00");

    const one = { ...params, scheduleId: String(id) };
    expect((await callRoute(schedule.GET as RouteHandler, "GET", `${base}/${id}`, one, readOnly)).body.data).toEqual(created.body.data);
    const list = await callRoute(schedules.GET as RouteHandler, "GET", base, params, readOnly);
    expect([list.status, list.body.data.map((s: { id: number }) => s.id), list.body.next_cursor]).toEqual([200, [id], null]);

    const replaced = await callRoute(schedule.PUT as RouteHandler, "PUT", `${base}/${id}`, one, token, body("all", { frequency: "monthly", weekday: null, day_of_month: 1, format: "pdf", enabled: false }));
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ asset_ids: "all", frequency: "monthly", weekday: null, day_of_month: 1, format: "pdf", enabled: false, next_run_at: null });

    // refusals
    expect((await callRoute(schedules.POST as RouteHandler, "POST", base, params, undefined, body([asset.id]))).status).toBe(401);
    expect((await callRoute(schedules.POST as RouteHandler, "POST", base, params, readOnly, body([asset.id]))).body.code).toBe("INSUFFICIENT_SCOPE");
    expect((await callRoute(schedule.DELETE as RouteHandler, "DELETE", `${base}/${id}`, one, readOnly)).status).toBe(403);
    const invalid = await callRoute(schedules.POST as RouteHandler, "POST", base, params, token, {
      ...body([asset.id]),
      time: "25:00",
      format: "html",
      recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.test`),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["format", "recipients", "time"]);
    const noWeekday = await callRoute(schedules.POST as RouteHandler, "POST", base, params, token, { ...body([asset.id]), weekday: null });
    expect(noWeekday.body.errors).toEqual([{ field: "weekday", message: "is required for a weekly schedule" }]);
    const other = await makeAccount("Other");
    const foreign = await makeAsset(other.id, "Theirs");
    const foreignAsset = await callRoute(schedules.POST as RouteHandler, "POST", base, params, token, body([foreign.id]));
    expect([foreignAsset.status, foreignAsset.body.errors]).toEqual([422, [{ field: "asset_ids", message: `unknown asset ${foreign.id}` }]]);
    expect((await callRoute(schedules.POST as RouteHandler, "POST", base, params, token, "{oops")).status).toBe(400);
    expect((await callRoute(schedule.PATCH as RouteHandler, "PATCH", `${base}/${id}`, one, token, {})).status).toBe(405);
    const otherToken = await makeToken(other.id, { scopes: ["reports:read"] });
    const elsewhere = await callRoute(schedule.GET as RouteHandler, "GET", `/api/${other.key}/report-schedules/${id}`, { accountKey: other.key, scheduleId: String(id) }, otherToken.token);
    expect([elsewhere.status, elsewhere.body.code]).toEqual([404, "REPORT_SCHEDULE_NOT_FOUND"]);

    expect((await callRoute(schedule.DELETE as RouteHandler, "DELETE", `${base}/${id}`, one, token)).status).toBe(204);
    expect((await callRoute(schedule.GET as RouteHandler, "GET", `${base}/${id}`, one, token)).status).toBe(404);
  });

  it("a schedule due now queues a job for the previous day, and its PDF is mailed to every recipient", async () => {
    const { account, asset, token } = await setup();
    const created = await callRoute(
      schedules.POST as RouteHandler,
      "POST",
      `/api/${account.key}/report-schedules`,
      { accountKey: account.key },
      token,
      body([asset.id], { name: "Daily activity", type: "activity", frequency: "daily", weekday: null, period: null, format: "pdf", recipients: ["ops@example.test", "boss@example.test"] }),
    );
    const id = created.body.data.id as number;
    // due: it was to run a minute ago
    const dueAt = new Date(Date.now() - 60_000);
    await t.db.reportSchedule.update({ where: { id }, data: { nextRunAt: dueAt } });
    const outboxBefore = (await readOutbox(env().DATA_DIR)).length;

    const scheduleWorker = startReportScheduleWorker({ logger, autostart: false });
    const reportWorker = startReportWorker({ logger, autostart: false, produce: produceJobFile, onScheduledJobFinished: () => scheduleWorker.wake() });
    try {
      expect(await scheduleWorker.drain()).toBe(1);
      const row = await t.db.reportSchedule.findUniqueOrThrow({ where: { id } });
      expect(row.lastJobId).not.toBeNull();
      expect(row.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
      expect(row.lastRunAt).not.toBeNull();
      const job = await t.db.reportJob.findUniqueOrThrow({ where: { id: row.lastJobId! } });
      expect(job).toMatchObject({ scheduleId: id, type: "activity", format: "pdf", createdBy: `schedule:${id}` });
      // the previous local day of the run, in Berlin
      const request = job.request as { from: string; to: string };
      expect(Date.parse(request.to) - Date.parse(request.from)).toBeGreaterThanOrEqual(23 * 3_600_000);
      expect(Date.parse(request.to)).toBeLessThanOrEqual(dueAt.getTime());

      // a second pass runs nothing more (the schedule is not due again) and mails nothing before the job is done
      expect(await scheduleWorker.drain()).toBe(0);
      expect(await reportWorker.drain()).toBe(1);
      await expect.poll(async () => (await t.db.reportSchedule.findUniqueOrThrow({ where: { id } })).deliveredJobId, { timeout: 10_000 }).toBe(row.lastJobId);

      const mails = (await readOutbox(env().DATA_DIR)).slice(outboxBefore);
      expect(mails.map((mail) => mail.to[0]).sort()).toEqual(["boss@example.test", "ops@example.test"]);
      for (const mail of mails) {
        expect(mail.subject).toMatch(/^Daily activity: activity report, \d{4}-\d\d-\d\d$/);
        expect(mail.attachments).toHaveLength(1);
        expect(mail.attachments[0]!.fileName).toMatch(/^activity-.*\.pdf$/);
        expect(mail.attachments[0]!.contentType).toBe("application/pdf");
        expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe("%PDF-");
      }
      expect((await t.db.reportSchedule.findUniqueOrThrow({ where: { id } })).lastError).toBeNull();
      expect(await scheduleWorker.drain()).toBe(0); // mailed once
    } finally {
      await reportWorker.stop();
      await scheduleWorker.stop();
    }
  }, 60_000);

  it("keeps a schedule's group and tag, refuses another account's, and runs the report on the matching assets only", async () => {
    const { account, asset: van, token } = await setup();
    const base = `/api/${account.key}/report-schedules`;
    const params = { accountKey: account.key };
    const minibus = await makeAsset(account.id, "Minibus 1");
    const depot = await t.db.assetGroup.create({ data: { accountId: account.id, name: "Depot", nameKey: "depot" } });
    const minibuses = await t.db.assetGroup.create({ data: { accountId: account.id, name: "Minibuses", nameKey: "minibuses", parentId: depot.id } });
    await t.db.assetGroupMember.create({ data: { groupId: minibuses.id, assetId: minibus.id } });
    const cold = await t.db.tag.create({ data: { accountId: account.id, name: "Cold", nameKey: "cold", color: "#0000ff" } });
    await t.db.assetTag.createMany({ data: [{ tagId: cold.id, assetId: minibus.id }, { tagId: cold.id, assetId: van.id }] });

    // the parent group stands for its subgroups; the tag narrows further
    const created = await callRoute(schedules.POST as RouteHandler, "POST", base, params, token, body("all", { frequency: "daily", weekday: null, group_id: depot.id, tag_id: cold.id }));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ asset_ids: "all", group_id: depot.id, tag_id: cold.id });
    const id = created.body.data.id as number;
    const one = { ...params, scheduleId: String(id) };
    expect((await callRoute(schedule.GET as RouteHandler, "GET", `${base}/${id}`, one, token)).body.data).toMatchObject({ group_id: depot.id, tag_id: cold.id });
    const unfiltered = await callRoute(schedules.POST as RouteHandler, "POST", base, params, token, body([van.id]));
    expect(unfiltered.body.data).toMatchObject({ group_id: null, tag_id: null });

    // another account's group or tag, or one that does not exist: 422 on the field
    const other = await makeAccount("Other");
    const theirGroup = await t.db.assetGroup.create({ data: { accountId: other.id, name: "Theirs", nameKey: "theirs" } });
    const theirTag = await t.db.tag.create({ data: { accountId: other.id, name: "Theirs", nameKey: "theirs", color: "#ff0000" } });
    const foreignGroup = await callRoute(schedules.POST as RouteHandler, "POST", base, params, token, body("all", { group_id: theirGroup.id }));
    expect([foreignGroup.status, foreignGroup.body.errors]).toEqual([422, [{ field: "group_id", message: `unknown group ${theirGroup.id}` }]]);
    const foreignTag = await callRoute(schedule.PUT as RouteHandler, "PUT", `${base}/${id}`, one, token, body("all", { tag_id: theirTag.id }));
    expect([foreignTag.status, foreignTag.body.errors]).toEqual([422, [{ field: "tag_id", message: `unknown tag ${theirTag.id}` }]]);
    const badIds = await callRoute(schedules.POST as RouteHandler, "POST", base, params, token, body("all", { group_id: "depot", tag_id: 0 }));
    expect([badIds.status, badIds.body.errors.map((e: { field: string }) => e.field).sort()]).toEqual([422, ["group_id", "tag_id"]]);

    // a run: the job covers the minibus only (in a subgroup of Depot and tagged Cold; the van is tagged but in no group)
    await t.db.reportSchedule.update({ where: { id }, data: { nextRunAt: new Date(Date.now() - 1000) } });
    const scheduleWorker = startReportScheduleWorker({ logger, autostart: false });
    try {
      expect(await scheduleWorker.drain()).toBe(1);
      const row = await t.db.reportSchedule.findUniqueOrThrow({ where: { id } });
      expect(row.lastError).toBeNull();
      const job = await t.db.reportJob.findUniqueOrThrow({ where: { id: row.lastJobId! } });
      expect((job.request as { asset_ids: number[] }).asset_ids).toEqual([minibus.id]);

      // no asset left in the group: the run records why instead of widening to every asset
      await t.db.assetGroupMember.deleteMany({ where: { groupId: minibuses.id } });
      await t.db.reportSchedule.update({ where: { id }, data: { nextRunAt: new Date(Date.now() - 1000) } });
      expect(await scheduleWorker.drain()).toBe(1);
      const failed = await t.db.reportSchedule.findUniqueOrThrow({ where: { id } });
      expect([failed.lastJobId, failed.lastError]).toEqual([row.lastJobId, "The report could not be started: no asset of the schedule matches its group or tag"]);
    } finally {
      await scheduleWorker.stop();
    }
  });

  it("records why a scheduled run failed instead of mailing", async () => {
    const { account, asset, token } = await setup();
    const created = await callRoute(schedules.POST as RouteHandler, "POST", `/api/${account.key}/report-schedules`, { accountKey: account.key }, token, body([asset.id]));
    const id = created.body.data.id as number;
    await t.db.reportSchedule.update({ where: { id }, data: { nextRunAt: new Date(Date.now() - 1000) } });
    const scheduleWorker = startReportScheduleWorker({ logger, autostart: false });
    const failing = startReportWorker({ logger, autostart: false, produce: async () => Promise.reject(new Error("disk on fire")) });
    try {
      await scheduleWorker.drain();
      await failing.drain();
      await scheduleWorker.drain();
      const row = await t.db.reportSchedule.findUniqueOrThrow({ where: { id } });
      expect(row.deliveredJobId).toBe(row.lastJobId);
      expect(row.lastError).toBe("The report failed: The report could not be made; the error was logged.");
    } finally {
      await failing.stop();
      await scheduleWorker.stop();
    }
  });
});
