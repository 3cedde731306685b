// Access requests for the dashboard (Access requests page, the navigation's badge): roles that manage links list,
// approve and reject them (docs/public-tracking.md, "Access requests").
import { z } from "zod";
import { approveAccessRequest } from "../../modules/access-requests/approve-access-request";
import { countPendingAccessRequests } from "../../modules/access-requests/count-pending-access-requests";
import { listAccessRequests } from "../../modules/access-requests/list-access-requests";
import { rejectAccessRequest } from "../../modules/access-requests/reject-access-request";
import { createTrpcRouter, requirePermission } from "../trpc";

const ZRequestId = z.object({ requestId: z.number().int().positive() });

export const accessRequestsRouter = createTrpcRouter({
  list: requirePermission("links.manage")
    .input(
      z.object({
        status: z.enum(["pending", "decided"]).optional(),
        cursor: z.string().max(200).nullish(),
        limit: z.number().int().min(1).max(200).optional(),
      }),
    )
    .query(({ ctx, input }) => listAccessRequests({ accountId: ctx.account.id, ...input })),

  pendingCount: requirePermission("links.manage").query(({ ctx }) => countPendingAccessRequests({ accountId: ctx.account.id })),

  approve: requirePermission("links.manage")
    .input(ZRequestId)
    .mutation(({ ctx, input }) => approveAccessRequest({ accountId: ctx.account.id, requestId: input.requestId, userId: ctx.userId })),

  reject: requirePermission("links.manage")
    .input(ZRequestId)
    .mutation(({ ctx, input }) => rejectAccessRequest({ accountId: ctx.account.id, requestId: input.requestId, userId: ctx.userId })),
});
