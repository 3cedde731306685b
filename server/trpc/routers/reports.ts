// Reports for the dashboard (Reports page): run a report as a JSON page, or as a background job when it is large;
// the account's jobs with their progress; report schedules. The same engine and use cases as the REST API
// (docs/reports.md). Every member that sees the assets may run reports and download them (assets.read); schedules,
// which mail the fleet's data out on their own, are managed by admins and fleet managers (reports.manage) and read by
// everyone else.
import { z } from "zod";
import { listAssets } from "../../modules/assets/list-assets";
import { MAX_PAGE_SIZE } from "../../modules/paging";
import { REPORT_PERIODS, REPORT_TYPES, type ReportRequest } from "../../modules/reports/report-model";
import { runReport } from "../../modules/reports/engine/run-report";
import { reportCost } from "../../modules/reports/engine/report-cost";
import { createReportJob } from "../../modules/reports/jobs/create-report-job";
import { getReportJob } from "../../modules/reports/jobs/get-report-job";
import { listReportJobs } from "../../modules/reports/jobs/list-report-jobs";
import { createReportSchedule } from "../../modules/reports/schedules/create-report-schedule";
import { deleteReportSchedule } from "../../modules/reports/schedules/delete-report-schedule";
import { listReportSchedules } from "../../modules/reports/schedules/list-report-schedules";
import { updateReportSchedule } from "../../modules/reports/schedules/update-report-schedule";
import { createTrpcRouter, requirePermission } from "../trpc";

/** the synchronous limit of docs/reports.md: above it a report runs as a job */
export const SYNC_COST_LIMIT = 5_000;
/** rows per JSON page the dashboard asks for (the table pages on with "Load more") */
const PAGE_LIMIT = 1_000;

const ZRequest = z.object({
  type: z.enum(REPORT_TYPES),
  /** "all": every asset of the account */
  assetIds: z.union([z.literal("all"), z.array(z.number().int().positive()).min(1).max(500)]),
  from: z.date(),
  to: z.date(),
  period: z.enum(REPORT_PERIODS).optional(),
  options: z
    .object({
      ioColumns: z.array(z.string().min(1).max(64)).max(20).optional(),
      temperatureMinC: z.number().min(-100).max(200).optional(),
      temperatureMaxC: z.number().min(-100).max(200).optional(),
      eventTypes: z.array(z.string().min(1).max(64)).max(50).optional(),
    })
    .optional(),
});
export type ReportRequestInput = z.infer<typeof ZRequest>;

/** the account's assets the request names ("all": every one, at most 500 per report) */
async function resolveAssetIds(accountId: number, assetIds: ReportRequestInput["assetIds"]): Promise<number[]> {
  if (assetIds !== "all") return assetIds;
  const ids: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAssets({ accountId, cursor, limit: MAX_PAGE_SIZE });
    ids.push(...page.data.map((asset) => asset.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor && ids.length <= 500);
  return ids;
}

async function toRequest(accountId: number, input: ReportRequestInput): Promise<ReportRequest> {
  return {
    accountId,
    type: input.type,
    assetIds: await resolveAssetIds(accountId, input.assetIds),
    from: input.from,
    to: input.to,
    ...(input.period && { period: input.period }),
    ...(input.options && { options: input.options }),
  };
}

export const reportsRouter = createTrpcRouter({
  /**
   * One JSON page of the report; a request above the synchronous limit becomes a job in `jobFormat` instead (the
   * page shows it under "Running jobs").
   */
  run: requirePermission("assets.read")
    .input(
      ZRequest.extend({
        cursor: z.string().max(2048).nullish(),
        jobFormat: z.enum(["xlsx", "pdf", "html"]).default("xlsx"),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const request = await toRequest(ctx.account.id, input);
      const cost = reportCost(request);
      if (cost > SYNC_COST_LIMIT) {
        const job = await createReportJob({ accountId: ctx.account.id, request, format: input.jobFormat, createdBy: ctx.userId });
        return { kind: "job" as const, cost, job };
      }
      const page = await runReport(request, { cursor: input.cursor ?? null, limit: PAGE_LIMIT });
      return { kind: "page" as const, cost, page };
    }),

  /** the same request as a file made in the background (a download the page does not wait for) */
  createJob: requirePermission("assets.read")
    .input(ZRequest.extend({ format: z.enum(["xlsx", "pdf", "html"]) }))
    .mutation(async ({ ctx, input }) =>
      createReportJob({ accountId: ctx.account.id, request: await toRequest(ctx.account.id, input), format: input.format, createdBy: ctx.userId }),
    ),

  jobs: requirePermission("assets.read")
    .input(z.object({ cursor: z.string().max(256).nullish(), limit: z.number().int().min(1).max(100).default(20) }))
    .query(({ ctx, input }) => listReportJobs({ accountId: ctx.account.id, cursor: input.cursor ?? null, limit: input.limit })),

  job: requirePermission("assets.read")
    .input(z.object({ jobId: z.string().min(1).max(64) }))
    .query(({ ctx, input }) => getReportJob({ accountId: ctx.account.id, jobId: input.jobId })),

  schedules: requirePermission("assets.read").query(({ ctx }) => listReportSchedules({ accountId: ctx.account.id })),

  /** the body is checked by the use case, so the form gets the REST API's field errors */
  createSchedule: requirePermission("reports.manage")
    .input(z.object({ body: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) => createReportSchedule({ accountId: ctx.account.id, createdBy: ctx.userId, body: input.body })),

  updateSchedule: requirePermission("reports.manage")
    .input(z.object({ scheduleId: z.number().int().positive(), body: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) => updateReportSchedule({ accountId: ctx.account.id, scheduleId: input.scheduleId, body: input.body })),

  deleteSchedule: requirePermission("reports.manage")
    .input(z.object({ scheduleId: z.number().int().positive() }))
    .mutation(async ({ ctx, input }) => {
      await deleteReportSchedule({ accountId: ctx.account.id, scheduleId: input.scheduleId });
      return { ok: true as const };
    }),
});
