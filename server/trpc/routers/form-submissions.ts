// Passenger messages (what viewers sent through links' forms) for the dashboard: read and marked seen by the roles
// that look after passengers (admins, fleet managers, office staff).
import { z } from "zod";
import { countUnseenFormSubmissions } from "../../modules/link-forms/count-unseen-form-submissions";
import { listFormSubmissions } from "../../modules/link-forms/list-form-submissions";
import { markFormSubmissionsSeen } from "../../modules/link-forms/mark-form-submissions-seen";
import { createTrpcRouter, requirePermission } from "../trpc";

export const formSubmissionsRouter = createTrpcRouter({
  list: requirePermission("passengers.manage")
    .input(
      z.object({
        unseenOnly: z.boolean().optional(),
        cursor: z.string().max(200).nullish(),
        limit: z.number().int().min(1).max(200).optional(),
      }),
    )
    .query(({ ctx, input }) => listFormSubmissions({ accountId: ctx.account.id, ...input })),

  unseenCount: requirePermission("passengers.manage").query(({ ctx }) => countUnseenFormSubmissions({ accountId: ctx.account.id })),

  markSeen: requirePermission("passengers.manage")
    .input(z.object({ ids: z.array(z.number().int().positive()).min(1).max(200).optional() }))
    .mutation(({ ctx, input }) => markFormSubmissionsSeen({ accountId: ctx.account.id, ids: input.ids })),
});
