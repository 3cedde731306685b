// Reports (docs/reports.md): run a report now or as a job, follow and download jobs, schedule reports by e-mail.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { REPORT_FORMATS, REPORT_PERIODS, REPORT_TYPES } from "../../../modules/reports/report-model";
import { ZReportJobBody, ZReportJobPage, ZReportJobResponse } from "../../../modules/reports/jobs/report-jobs.schema";
import { ZReportScheduleBody, ZReportSchedulePage, ZReportScheduleResponse } from "../../../modules/reports/schedules/report-schedules.schema";
import { ZPageQuery } from "../../../modules/paging";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

const TAG = "Reports";
const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const location = (what: string) => ({ Location: { schema: { type: "string" as const }, description: what } });
const cacheHeader = { "x-fleetline-cache": { schema: { type: "string" as const, enum: ["hit", "miss"] }, description: "Whether the answer came from the report cache." } };
const binary = { schema: { type: "string" as const, format: "binary" } };

const ZReportPage = z
  .object({
    data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))).meta({ description: "Rows; the keys are meta.columns' keys, in that order." }),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next batch; null on the last." }),
    meta: z
      .object({
        type: z.enum(REPORT_TYPES),
        from: z.string(),
        to: z.string(),
        time_zone: z.string(),
        period: z.enum(REPORT_PERIODS).nullable(),
        generated_at: z.string(),
        columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.string(), total: z.boolean().optional() })),
        completeness: z.array(
          z.object({
            asset_id: z.number().int(),
            asset_name: z.string(),
            newest_record_at: z.string().nullable(),
            newest_received_at: z.string().nullable(),
            late_records_possible: z.boolean(),
          }),
        ),
        notes: z.array(z.string()),
      })
      .meta({ description: "What the rows mean: columns with units, the account's zone, completeness per asset, notes." }),
  })
  .meta({ id: "ReportPage" });

const ZReportQuery = z.object({
  asset_ids: z.string().optional().meta({ description: "Comma-separated asset ids (1 to 500), or `all` (every asset the caller sees); may be left out with group_id or tag_id.", example: "12,13" }),
  group_id: z.string().optional().meta({ description: "Only the assets (of asset_ids, default all) in this asset group or one of its subgroups." }),
  tag_id: z.string().optional().meta({ description: "Only the assets (of asset_ids, default all) with this tag." }),
  from: z.string().meta({ description: "ISO 8601 with an offset; the range is [from, to).", example: "2026-11-01T00:00:00+02:00" }),
  to: z.string().meta({ description: "At most 366 days after from (route: 31).", example: "2026-12-01T00:00:00+02:00" }),
  period: z.enum(REPORT_PERIODS).optional().meta({ description: "mileage: day (default), week, month; activity: range (default) or day; temperature: range (default) or day." }),
  format: z.enum(REPORT_FORMATS).optional().meta({ description: "json (default), html, xlsx or pdf." }),
  io_columns: z.string().optional().meta({ description: "route: comma-separated IO names to add as io_<name> columns." }),
  temp_min: z.number().optional().meta({ description: "temperature: the allowed range's lower end, °C." }),
  temp_max: z.number().optional().meta({ description: "temperature: the allowed range's upper end, °C." }),
  event_types: z.string().optional().meta({ description: "events: comma-separated alert types." }),
  cursor: z.string().optional().meta({ description: "json: next_cursor of the previous batch." }),
  limit: z.number().int().optional().meta({ description: "json: rows per batch, 1 to 5,000 (default 1,000)." }),
});

export function registerReportPaths(registry: OpenAPIRegistry): void {
  const typeParams = ZAccountPathParams.extend({ type: z.enum(REPORT_TYPES).meta({ description: "The report type." }) });
  const jobParams = ZAccountPathParams.extend({ jobId: z.string().meta({ description: "The job id." }) });
  const scheduleParams = ZAccountPathParams.extend({ scheduleId: z.string().meta({ description: "The schedule id." }) });
  const accepted = {
    ...json(ZReportJobResponse, "Too large to answer at once (cost above 5,000): a job was queued; follow it at Location or on the /reporting socket."),
    headers: location("The job's path in this API."),
  };

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/reports/{type}",
    tags: [TAG],
    summary: "Run a report",
    description:
      "A report of one type over assets and a range, in the account's time zone. `format=json` answers batches " +
      "{data, next_cursor, meta}; html, xlsx and pdf answer the file (`content-disposition: attachment`). A request " +
      "whose cost (assets × days × weight: route 20, trips/stops/events 1, activity/mileage/temperature 0.05) is " +
      "above 5,000 answers 202 with a job instead. An identical request whose data did not change is answered from " +
      "the cache (`x-fleetline-cache`).",
    security: oauth("reports:read"),
    request: { params: typeParams, query: ZReportQuery },
    responses: {
      200: {
        description: "The report: a JSON batch, or the file.",
        headers: cacheHeader,
        content: {
          "application/json": { schema: ZReportPage },
          "text/html": binary,
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": binary,
          "application/pdf": binary,
        },
      },
      202: accepted,
      ...errorResponses(400, 401, 403, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/reports",
    tags: [TAG],
    summary: "Queue a report job",
    description: "A report made in the background whatever its size. The body has the GET query's fields; `format` json makes one JSON file {meta, data}.",
    security: oauth("reports:read"),
    request: { params: ZAccountPathParams, body: { required: true, content: { "application/json": { schema: ZReportJobBody } } } },
    responses: { 202: { ...json(ZReportJobResponse, "The queued job."), headers: location("The job's path in this API.") }, ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/report-jobs",
    tags: [TAG],
    summary: "List report jobs",
    security: oauth("reports:read"),
    request: { params: ZAccountPathParams, query: ZPageQuery },
    responses: { 200: json(ZReportJobPage, "One page of jobs, newest first."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/report-jobs/{jobId}",
    tags: [TAG],
    summary: "Read a report job",
    description: "Status and progress; `file_url` once done, until `expires_at` (24 h after done).",
    security: oauth("reports:read"),
    request: { params: jobParams },
    responses: { 200: json(ZReportJobResponse, "The job."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/{accountKey}/report-jobs/{jobId}",
    tags: [TAG],
    summary: "Cancel or remove a report job",
    description: "A queued or running job is cancelled; a done or failed one is removed with its file.",
    security: oauth("reports:read"),
    request: { params: jobParams },
    responses: { 204: { description: "Cancelled or removed." }, ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/report-jobs/{jobId}/file",
    tags: [TAG],
    summary: "Download a report job's file",
    security: oauth("reports:read"),
    request: { params: jobParams },
    responses: {
      200: {
        description: "The file, with content-disposition attachment.",
        content: {
          "application/json": binary,
          "text/html": binary,
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": binary,
          "application/pdf": binary,
        },
      },
      ...errorResponses(401, 403, 404, 429),
      409: errorResponses(409)[409]!,
      410: { ...errorResponses(410)[410]!, description: "The file expired (REPORT_FILE_EXPIRED): files are kept 24 hours; run the report again." },
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/report-schedules",
    tags: [TAG],
    summary: "List report schedules",
    security: oauth("reports:read"),
    request: { params: ZAccountPathParams, query: ZPageQuery },
    responses: { 200: json(ZReportSchedulePage, "One page of schedules, newest first."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/report-schedules",
    tags: [TAG],
    summary: "Create a report schedule",
    description: "Daily, weekly or monthly at a local time of the account's zone, covering the previous day, ISO week or month, mailed as PDF or XLSX to up to 20 addresses.",
    security: oauth("reports:write"),
    request: { params: ZAccountPathParams, body: { required: true, content: { "application/json": { schema: ZReportScheduleBody } } } },
    responses: {
      201: { ...json(ZReportScheduleResponse, "The created schedule."), headers: location("The schedule's path in this API.") },
      ...errorResponses(400, 401, 403, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/report-schedules/{scheduleId}",
    tags: [TAG],
    summary: "Read a report schedule",
    security: oauth("reports:read"),
    request: { params: scheduleParams },
    responses: { 200: json(ZReportScheduleResponse, "The schedule."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/{accountKey}/report-schedules/{scheduleId}",
    tags: [TAG],
    summary: "Replace a report schedule",
    description: "The whole schedule, as for creating it; the next run is computed again.",
    security: oauth("reports:write"),
    request: { params: scheduleParams, body: { required: true, content: { "application/json": { schema: ZReportScheduleBody } } } },
    responses: { 200: json(ZReportScheduleResponse, "The schedule as stored."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/{accountKey}/report-schedules/{scheduleId}",
    tags: [TAG],
    summary: "Delete a report schedule",
    security: oauth("reports:write"),
    request: { params: scheduleParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 429) },
  });
}
