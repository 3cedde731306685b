// The report endpoints through their route handlers on every database kind, with positions stored by the real
// Teltonika ingest: JSON batches with meta, the three file formats with content type and attachment name, every status
// code (200, 202, 204, 400, 401, 403, 404, 405, 409, 410, 422), a request over the cost limit answered 202 with a job
// that the real worker (engine + renderers) finishes and whose file downloads, POST /reports, cancel, file expiry,
// and the cache: a miss, then a hit, then a miss after a late record lands inside the range.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { startReportWorker } from "@/server/modules/reports/jobs/report-worker";
import { produceJobFile } from "@/server/modules/reports/jobs/produce-report-file";
import { recomputeDueDays } from "@/server/modules/reports/rollups/rollup-worker";
import { callRoute, callRouteWithText, makeAccount, makeAsset, makeToken, routeContext, type RouteHandler } from "@/server/testing/http-fixtures";
import { TestDevice, testRecord } from "@/server/testing/teltonika-test-device";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { testImei } from "@/server/testing/test-imei";
import { useTestTrackerService } from "@/server/testing/test-tracker-service";
import * as jobFile from "../report-jobs/[jobId]/file/route";
import * as job from "../report-jobs/[jobId]/route";
import * as jobs from "../report-jobs/route";
import * as report from "./[type]/route";
import * as reports from "./route";

const logger = pino({ level: "silent" });
const DAY = "2026-11-10";
const FROM = `${DAY}T00:00:00Z`;
const TO = "2026-11-11T00:00:00Z";
const T0 = Date.parse(`${DAY}T08:00:00Z`);

/** a GET of a report as Next.js calls it; the raw bytes too (files) */
async function getReport(accountKey: string, type: string, query: Record<string, string>, token?: string) {
  const search = new URLSearchParams(query).toString();
  const url = `http://fleetline.test/api/${accountKey}/reports/${type}?${search}`;
  const response = await (report.GET as RouteHandler)(
    new Request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    routeContext({ accountKey, type }),
  );
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = (response.headers.get("content-type") ?? "").startsWith("application/json");
  return { status: response.status, headers: response.headers, bytes, body: isJson && bytes.length > 0 ? JSON.parse(bytes.toString("utf8")) : null };
}

describe.each(databaseKinds())("reports over REST on %s", (kind) => {
  const t = useTestDatabase(kind);
  const tracker = useTestTrackerService(kind, t, { teltonika: true });

  async function fleetWithPositions() {
    const account = await makeAccount();
    const imei = testImei();
    const asset = await makeAsset(account.id, "Van 1", imei);
    const device = await TestDevice.connect(tracker.service.streamPort("teltonika")!, imei);
    const minutes = [0, 1, 2, 3, 4];
    expect(await device.send(minutes.map((m) => testRecord(T0 + m * 60_000, { io: { u8: { 239: 1 }, u32: { 87: 10_000 + m * 500 } } })))).toBe(5);
    await recomputeDueDays();
    const { token } = await makeToken(account.id, { scopes: ["reports:read"] });
    return { account, asset, device, token };
  }

  it("answers JSON batches with meta and next_cursor, from the cache until a late record lands in the range", async () => {
    const { account, asset, device, token } = await fleetWithPositions();
    try {
      const query = { asset_ids: String(asset.id), from: FROM, to: TO, limit: "3" };
      const first = await getReport(account.key, "route", query, token);
      expect(first.status).toBe(200);
      expect(first.headers.get("x-fleetline-cache")).toBe("miss");
      expect(first.body.data).toHaveLength(3);
      expect(first.body.meta).toMatchObject({ type: "route", from: "2026-11-10T00:00:00.000Z" });
      expect(first.body.meta.columns.map((c: { key: string }) => c.key).slice(0, 4)).toEqual(["asset_id", "asset_name", "time", "lat"]);
      expect(first.body.next_cursor).toEqual(expect.any(String));

      const again = await getReport(account.key, "route", query, token);
      expect(again.headers.get("x-fleetline-cache")).toBe("hit");
      expect(again.bytes.equals(first.bytes)).toBe(true);

      const next = await getReport(account.key, "route", { ...query, cursor: first.body.next_cursor }, token);
      expect(next.body.data).toHaveLength(2);
      expect(next.body.next_cursor).toBeNull();

      // a buffered record inside the range arrives late: the next identical request is computed again
      expect(await device.send([testRecord(T0 - 30 * 60_000, { io: { u8: { 239: 1 }, u32: { 87: 9_000 } } })])).toBe(1);
      await recomputeDueDays();
      const after = await getReport(account.key, "route", query, token);
      expect(after.headers.get("x-fleetline-cache")).toBe("miss");
      expect(after.body.data[0].time).toBe(new Date(T0 - 30 * 60_000).toISOString());
      expect((await getReport(account.key, "route", query, token)).headers.get("x-fleetline-cache")).toBe("hit");
    } finally {
      device.destroy();
    }
  });

  it("answers html, xlsx and pdf as attachments with their content types", async () => {
    const { account, asset, device, token } = await fleetWithPositions();
    device.destroy();
    const query = { asset_ids: "all", from: FROM, to: TO };
    const expected = {
      html: ["text/html; charset=utf-8", "<!DOCTYPE html", ".html"],
      xlsx: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "PK", ".xlsx"],
      pdf: ["application/pdf", "%PDF", ".pdf"],
    } as const;
    for (const [format, [contentType, magic, extension]] of Object.entries(expected)) {
      const answer = await getReport(account.key, "activity", { ...query, format }, token);
      expect(answer.status, format).toBe(200);
      expect(answer.headers.get("content-type")).toBe(contentType);
      expect(answer.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="activity-[^"]+\\${extension}"`));
      expect(answer.bytes.subarray(0, magic.length).toString("latin1").toUpperCase()).toBe(magic.toUpperCase());
      expect(answer.headers.get("x-fleetline-cache")).toBe("miss");
      expect(Number(answer.headers.get("content-length"))).toBe(answer.bytes.length);
    }
    const cached = await getReport(account.key, "activity", { ...query, format: "pdf" }, token);
    expect(cached.headers.get("x-fleetline-cache")).toBe("hit");
    expect(asset.id).toBeGreaterThan(0);
  });

  it("refuses what it must: 401, 403, 404 (account, type, asset), 422 with field errors, 400 for a foreign cursor, 405", async () => {
    const { account, asset, device, token } = await fleetWithPositions();
    device.destroy();
    const other = await makeAccount("Other");
    const foreign = await makeAsset(other.id, "Not ours");
    const query = { asset_ids: String(asset.id), from: FROM, to: TO };

    expect((await getReport(account.key, "trips", query)).status).toBe(401);
    expect((await getReport(account.key, "trips", query)).body).toEqual({ message: "Unauthenticated." });
    const narrow = await makeToken(account.id, { scopes: ["assets:read"] });
    expect((await getReport(account.key, "trips", query, narrow.token)).body).toMatchObject({ code: "INSUFFICIENT_SCOPE" });
    expect((await getReport(other.key, "trips", query, token)).body).toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    const unknownType = await getReport(account.key, "fuel", query, token);
    expect(unknownType.status).toBe(404);
    expect(unknownType.body).toMatchObject({ code: "REPORT_TYPE_NOT_FOUND" });
    expect(unknownType.body.message).toContain("trips, stops, activity, mileage, events, temperature, route");
    const foreignAsset = await getReport(account.key, "trips", { ...query, asset_ids: `${asset.id},${foreign.id}` }, token);
    expect([foreignAsset.status, foreignAsset.body.code]).toEqual([404, "ASSET_NOT_FOUND"]);

    const bad = await getReport(account.key, "trips", { asset_ids: "x", from: "yesterday", format: "docx" }, token);
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe("VALIDATION_FAILED");
    expect(bad.body.errors.map((e: { field: string }) => e.field.split(".")[0]).sort()).toEqual(["asset_ids", "format", "from", "to"]);
    const reversed = await getReport(account.key, "trips", { ...query, from: TO, to: FROM }, token);
    expect([reversed.status, reversed.body.code]).toEqual([422, "REPORT_RANGE_INVALID"]);
    const longRoute = await getReport(account.key, "route", { ...query, to: "2026-12-31T00:00:00Z" }, token);
    expect([longRoute.status, longRoute.body.code]).toEqual([422, "REPORT_RANGE_INVALID"]);
    const cursor = await getReport(account.key, "route", { ...query, cursor: "bm90LWEtY3Vyc29y" }, token);
    expect(cursor.status).toBe(400);

    const post = await callRoute(report.POST as RouteHandler, "POST", `/api/${account.key}/reports/trips`, { accountKey: account.key, type: "trips" }, token);
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET"]);
  });

  it("answers 202 with a job over the cost limit; the worker makes the file, which downloads until it expires (410)", async () => {
    const account = await makeAccount("Big fleet");
    for (let i = 0; i < 14; i++) await makeAsset(account.id, `Truck ${i + 1}`);
    const { token } = await makeToken(account.id, { scopes: ["reports:read"] });
    // trips: 14 assets x 366 days x 1 = 5,124 > 5,000
    const query = { asset_ids: "all", from: "2025-11-01T00:00:00Z", to: "2026-11-02T00:00:00Z", format: "xlsx" };
    const accepted = await getReport(account.key, "trips", query, token);
    expect(accepted.status).toBe(202);
    const jobId = accepted.body.data.id as number;
    expect(accepted.headers.get("location")).toBe(`/api/${account.key}/report-jobs/${jobId}`);
    expect(accepted.body.data).toMatchObject({ status: "queued", type: "trips", format: "xlsx", progress: { done: 0, total: 14 }, file_url: null });

    const params = { accountKey: account.key, jobId: String(jobId) };
    const early = await callRoute(jobFile.GET as RouteHandler, "GET", `/api/${account.key}/report-jobs/${jobId}/file`, params, token);
    expect([early.status, early.body.code]).toEqual([409, "REPORT_NOT_READY"]);

    const worker = startReportWorker({ logger, autostart: false, produce: produceJobFile });
    expect(await worker.drain()).toBe(1);
    await worker.stop();

    const done = await callRoute(job.GET as RouteHandler, "GET", `/api/${account.key}/report-jobs/${jobId}`, params, token);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "done", progress: { done: 14, total: 14 }, file_url: `/api/${account.key}/report-jobs/${jobId}/file`, error: null });

    const file = await (jobFile.GET as RouteHandler)(
      new Request(`http://fleetline.test${done.body.data.file_url}`, { headers: { authorization: `Bearer ${token}` } }),
      routeContext(params),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="trips-.*\.xlsx"/);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");

    // the same request again: the job's file is in the cache, so it is answered at once
    const repeated = await getReport(account.key, "trips", query, token);
    expect([repeated.status, repeated.headers.get("x-fleetline-cache")]).toEqual([200, "hit"]);

    const list = await callRoute(jobs.GET as RouteHandler, "GET", `/api/${account.key}/report-jobs?limit=10`, { accountKey: account.key }, token);
    expect(list.body.data.map((j: { id: number }) => j.id)).toEqual([jobId]);
    expect(list.body.next_cursor).toBeNull();

    await t.db.reportJob.update({ where: { id: jobId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const gone = await callRoute(jobFile.GET as RouteHandler, "GET", `/api/${account.key}/report-jobs/${jobId}/file`, params, token);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ code: "REPORT_FILE_EXPIRED" });
    expect(gone.body.message).toMatch(/expired at .* \(files are kept 24 hours\); run the report again/);

    expect((await callRoute(job.DELETE as RouteHandler, "DELETE", `/api/${account.key}/report-jobs/${jobId}`, params, token)).status).toBe(204);
    const missing = await callRoute(job.GET as RouteHandler, "GET", `/api/${account.key}/report-jobs/${jobId}`, params, token);
    expect([missing.status, missing.body.code]).toEqual([404, "REPORT_JOB_NOT_FOUND"]);
    const junk = await callRoute(job.GET as RouteHandler, "GET", `/api/${account.key}/report-jobs/abc`, { ...params, jobId: "abc" }, token);
    expect(junk.status).toBe(404);
  }, 120_000);

  it("queues a job with POST /reports (202 + Location), refusing bad bodies with 422 and malformed JSON with 400", async () => {
    const { account, asset, device, token } = await fleetWithPositions();
    device.destroy();
    const path = `/api/${account.key}/reports`;
    const params = { accountKey: account.key };
    const body = { type: "route", asset_ids: [asset.id], from: FROM, to: TO, format: "pdf", options: { io_columns: ["externalVoltage"] } };
    const created = await callRoute(reports.POST as RouteHandler, "POST", path, params, token, body);
    expect(created.status).toBe(202);
    expect(created.headers.get("location")).toBe(`/api/${account.key}/report-jobs/${created.body.data.id}`);
    expect(created.body.data).toMatchObject({ status: "queued", type: "route", format: "pdf", period: null, asset_ids: [asset.id], options: { io_columns: ["externalVoltage"] } });

    const unknown = await callRoute(reports.POST as RouteHandler, "POST", path, params, token, { ...body, type: "fuel" });
    expect([unknown.status, unknown.body.errors?.[0]?.field]).toEqual([422, "type"]);
    const extra = await callRoute(reports.POST as RouteHandler, "POST", path, params, token, { ...body, colour: "red" });
    expect(extra.status).toBe(422);
    const malformed = await callRoute(reports.POST as RouteHandler, "POST", path, params, token, "{not json");
    expect(malformed.status).toBe(400);
    const foreign = await callRoute(reports.POST as RouteHandler, "POST", path, params, token, { ...body, asset_ids: [999_999] });
    expect([foreign.status, foreign.body.code]).toEqual([404, "ASSET_NOT_FOUND"]);

    // cancel while queued
    const jobParams = { accountKey: account.key, jobId: String(created.body.data.id) };
    expect((await callRoute(job.DELETE as RouteHandler, "DELETE", `${path}/x`, jobParams, token)).status).toBe(204);
    expect(await t.db.reportJob.count({ where: { id: created.body.data.id } })).toBe(0);

    const get = await callRouteWithText(reports.GET as RouteHandler, "GET", path, params, token);
    expect(get.status).toBe(405);
  });
});
