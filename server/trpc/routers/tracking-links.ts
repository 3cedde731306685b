// Tracking links for the dashboard (Links page, link panel on the asset page): one use case per procedure. Bodies
// are the use cases' inputs and are validated there, so forms get field errors from the same rules as the CLI.
import { z } from "zod";
import { createTrackingLink } from "../../modules/tracking-links/create-tracking-link";
import { deleteTrackingLink } from "../../modules/tracking-links/delete-tracking-link";
import { getTrackingLink } from "../../modules/tracking-links/get-tracking-link";
import { listTrackingLinks } from "../../modules/tracking-links/list-tracking-links";
import { updateTrackingLink } from "../../modules/tracking-links/update-tracking-link";
import { createTrpcRouter, requirePermission } from "../trpc";
import { ZPageInput } from "../../modules/paging";

const ZLinkId = z.number().int().positive();
const ZBody = z.record(z.string(), z.unknown());

export const trackingLinksRouter = createTrpcRouter({
  list: requirePermission("assets.read")
    .input(
      z.object({
        assetId: z.number().int().positive().optional(),
        ...ZPageInput.shape,
      }),
    )
    .query(({ ctx, input }) => listTrackingLinks({ accountId: ctx.account.id, ...input })),

  get: requirePermission("assets.read")
    .input(z.object({ linkId: ZLinkId }))
    .query(({ ctx, input }) => getTrackingLink({ accountId: ctx.account.id, linkId: input.linkId })),

  create: requirePermission("links.manage")
    .input(z.object({ body: ZBody }))
    .mutation(({ ctx, input }) => createTrackingLink({ ...input.body, accountId: ctx.account.id } as Parameters<typeof createTrackingLink>[0])),

  update: requirePermission("links.manage")
    .input(z.object({ linkId: ZLinkId, body: ZBody }))
    .mutation(({ ctx, input }) =>
      updateTrackingLink({ ...input.body, accountId: ctx.account.id, linkId: input.linkId } as Parameters<typeof updateTrackingLink>[0]),
    ),

  delete: requirePermission("links.manage")
    .input(z.object({ linkId: ZLinkId }))
    .mutation(({ ctx, input }) => deleteTrackingLink({ accountId: ctx.account.id, linkId: input.linkId })),
});
