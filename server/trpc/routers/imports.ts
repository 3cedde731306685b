// The dashboard's import page: a preview (dry run) and the import of mapped sheet rows, the job history, and
// connected spreadsheets. Rows reach the same use cases as the REST rows endpoint (whole-call checks, 500 rows at
// once, pending jobs above), with source "upload" and the file's name as label. All of it needs imports.manage.
import { z } from "zod";
import { env } from "../../env";
import { getImportJobView } from "../../modules/imports/get-import-job-view";
import { importRows } from "../../modules/imports/import-rows";
import { wakeImportWorker } from "../../modules/imports/import-wakeup";
import { IMPORT_LIMITS, IMPORT_TARGETS } from "../../modules/imports/imports.schema";
import { listImportJobs } from "../../modules/imports/list-import-jobs";
import { previewImport } from "../../modules/imports/preview-import";
import { checkSpreadsheetNow } from "../../modules/imports/spreadsheets/check-spreadsheet-now";
import { createSpreadsheetSource } from "../../modules/imports/spreadsheets/create-spreadsheet-source";
import { deleteSpreadsheetSource } from "../../modules/imports/spreadsheets/delete-spreadsheet-source";
import { inspectSpreadsheet } from "../../modules/imports/spreadsheets/inspect-spreadsheet";
import { listSpreadsheetSources } from "../../modules/imports/spreadsheets/list-spreadsheet-sources";
import { ZSpreadsheetUrl } from "../../modules/imports/spreadsheets/spreadsheet-sources.schema";
import { createTrpcRouter, requirePermission } from "../trpc";

const ZTarget = z.enum(IMPORT_TARGETS);
/** the rows are checked field by field by the use case, as on the REST endpoint */
const ZRows = z.array(z.unknown()).min(1, "must hold at least one row").max(IMPORT_LIMITS.maxRows, `must hold at most ${IMPORT_LIMITS.maxRows.toLocaleString("en-US")} rows`);
const ZId = z.number().int().positive();

const manage = requirePermission("imports.manage");
const allowPrivate = () => env().WEBHOOK_ALLOW_PRIVATE;

export const importsRouter = createTrpcRouter({
  preview: manage
    .input(z.object({ target: ZTarget, rows: ZRows }))
    .mutation(({ ctx, input }) => previewImport({ accountId: ctx.account.id, body: { target: input.target, rows: input.rows } })),

  run: manage
    .input(z.object({ target: ZTarget, rows: ZRows, label: z.string().trim().min(1).max(200) }))
    .mutation(({ ctx, input }) =>
      importRows({
        accountId: ctx.account.id,
        userId: ctx.userId,
        source: "upload",
        label: input.label,
        body: { target: input.target, rows: input.rows },
        onQueued: wakeImportWorker,
      }),
    ),

  jobs: manage
    .input(z.object({ cursor: ZId.nullish(), limit: z.number().int().min(1).max(100).optional() }))
    .query(({ ctx, input }) => listImportJobs({ accountId: ctx.account.id, cursor: input.cursor, limit: input.limit })),

  job: manage.input(z.object({ id: ZId })).query(({ ctx, input }) => getImportJobView({ accountId: ctx.account.id, id: input.id })),

  spreadsheets: manage.query(({ ctx }) => listSpreadsheetSources({ accountId: ctx.account.id })),

  inspectSpreadsheet: manage
    .input(z.object({ target: ZTarget, url: ZSpreadsheetUrl }))
    .mutation(({ ctx, input }) => inspectSpreadsheet({ accountId: ctx.account.id, url: input.url, target: input.target, allowPrivate: allowPrivate() })),

  connectSpreadsheet: manage
    .input(z.object({ body: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) =>
      createSpreadsheetSource({ accountId: ctx.account.id, userId: ctx.userId, body: input.body, allowPrivate: allowPrivate(), onQueued: wakeImportWorker }),
    ),

  checkSpreadsheet: manage
    .input(z.object({ id: ZId }))
    .mutation(({ ctx, input }) => checkSpreadsheetNow({ accountId: ctx.account.id, id: input.id, allowPrivate: allowPrivate(), onQueued: wakeImportWorker })),

  removeSpreadsheet: manage
    .input(z.object({ id: ZId }))
    .mutation(({ ctx, input }) => deleteSpreadsheetSource({ accountId: ctx.account.id, id: input.id })),
});
