// A route's runs for the dashboard: every member reads them; roles that import (imports.manage) add, edit, cancel,
// restore and delete them, as a runs import would. Bodies are the use cases' inputs, validated there.
import { z } from "zod";
import { cancelRun } from "../../modules/runs/cancel-run";
import { createRun } from "../../modules/runs/create-run";
import { deleteRun } from "../../modules/runs/delete-run";
import { getRun } from "../../modules/runs/get-run";
import { listRuns } from "../../modules/runs/list-runs";
import { restoreRun } from "../../modules/runs/restore-run";
import { RUN_PERIODS } from "../../modules/runs/runs.schema";
import { updateRun } from "../../modules/runs/update-run";
import { accountProcedure, createTrpcRouter, requirePermission } from "../trpc";

const ZId = z.number().int().positive();
const ZBody = z.record(z.string(), z.unknown());

export const runsRouter = createTrpcRouter({
  list: accountProcedure
    .input(
      z.object({
        routeId: ZId,
        period: z.enum(RUN_PERIODS).optional(),
        cursor: z.string().max(200).nullish(),
        limit: z.number().int().min(1).max(200).optional(),
      }),
    )
    .query(({ ctx, input: { accountKey: _key, ...input } }) => listRuns({ accountId: ctx.account.id, ...input })),

  get: accountProcedure.input(z.object({ runId: ZId })).query(({ ctx, input }) => getRun({ accountId: ctx.account.id, runId: input.runId })),

  create: requirePermission("imports.manage")
    .input(z.object({ routeId: ZId, body: ZBody }))
    .mutation(({ ctx, input }) => createRun({ ...input.body, accountId: ctx.account.id, routeId: input.routeId } as Parameters<typeof createRun>[0])),

  update: requirePermission("imports.manage")
    .input(z.object({ runId: ZId, body: ZBody }))
    .mutation(({ ctx, input }) => updateRun({ ...input.body, accountId: ctx.account.id, runId: input.runId } as Parameters<typeof updateRun>[0])),

  cancel: requirePermission("imports.manage")
    .input(z.object({ runId: ZId }))
    .mutation(({ ctx, input }) => cancelRun({ accountId: ctx.account.id, runId: input.runId })),

  restore: requirePermission("imports.manage")
    .input(z.object({ runId: ZId }))
    .mutation(({ ctx, input }) => restoreRun({ accountId: ctx.account.id, runId: input.runId })),

  delete: requirePermission("imports.manage")
    .input(z.object({ runId: ZId }))
    .mutation(({ ctx, input }) => deleteRun({ accountId: ctx.account.id, runId: input.runId })),
});
