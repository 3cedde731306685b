// Reports for the dashboard (Reports page): run a report as a JSON page, or as a background job when it is large;
// the account's jobs with their progress; report schedules. The same engine and use cases as the REST API
// (docs/reports.md). Every member that sees the assets may run reports and download them (assets.read); schedules,
// which mail the fleet's data out on their own, are managed by admins and fleet managers (reports.manage) and read by
// everyone else.
import { z } from "zod";
import { isLimited } from "../../modules/asset-scope/asset-scope";
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
import { PAGE_LIMIT, SYNC_COST_LIMIT, toRequest, ZRequest } from "./reports-request";

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
      const request = await toRequest(ctx.scope, input);
      const cost = reportCost(request);
      if (cost > SYNC_COST_LIMIT) {
        const job = await createReportJob({ accountId: ctx.account.id, request, format: input.jobFormat, createdBy: `user:${ctx.userId}` });
        return { kind: "job" as const, cost, job };
      }
      const page = await runReport(request, { cursor: input.cursor ?? null, limit: PAGE_LIMIT });
      return { kind: "page" as const, cost, page };
    }),

  /** the same request as a file made in the background (a download the page does not wait for) */
  createJob: requirePermission("assets.read")
    .input(ZRequest.extend({ format: z.enum(["xlsx", "pdf", "html"]) }))
    .mutation(async ({ ctx, input }) =>
      createReportJob({ accountId: ctx.account.id, request: await toRequest(ctx.scope, input), format: input.format, createdBy: `user:${ctx.userId}` }),
    ),

  jobs: requirePermission("assets.read")
    .input(z.object({ cursor: z.string().max(256).nullish(), limit: z.number().int().min(1).max(100).default(20) }))
    .query(({ ctx, input }) => listReportJobs({ accountId: ctx.account.id, owner: { scope: ctx.scope, createdBy: `user:${ctx.userId}` }, cursor: input.cursor ?? null, limit: input.limit })),

  job: requirePermission("assets.read")
    .input(z.object({ jobId: z.number().int().positive() }))
    .query(({ ctx, input }) => getReportJob({ accountId: ctx.account.id, owner: { scope: ctx.scope, createdBy: `user:${ctx.userId}` }, jobId: input.jobId })),

  /** every schedule of the account (at most 100); none for a group-limited member (schedules are account-wide) */
  schedules: requirePermission("assets.read").query(async ({ ctx }) =>
    isLimited(ctx.scope) ? { data: [], next_cursor: null } : listReportSchedules({ accountId: ctx.account.id, limit: 100 }),
  ),

  /** the body is checked by the use case, so the form gets the REST API's field errors */
  createSchedule: requirePermission("reports.manage")
    .input(z.object({ body: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) => createReportSchedule({ accountId: ctx.account.id, createdBy: `user:${ctx.userId}`, body: input.body })),

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
