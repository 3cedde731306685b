// Webhooks for the dashboard (Webhooks page): the same use cases as the REST API, for the roles holding
// webhooks.manage. The secret comes back from `create` only, once; the list never carries it.
import { z } from "zod";
import { createWebhook } from "../../modules/webhooks/create-webhook";
import { deleteWebhook } from "../../modules/webhooks/delete-webhook";
import { listWebhookDeliveries } from "../../modules/webhooks/list-webhook-deliveries";
import { listWebhooks } from "../../modules/webhooks/list-webhooks";
import { sendTestWebhook } from "../../modules/webhooks/send-test-webhook";
import { WEBHOOK_LIMITS } from "../../modules/webhooks/webhooks.schema";
import { createTrpcRouter, requirePermission } from "../trpc";
import { ZPageInput } from "../../modules/paging";

const ZWebhookId = z.object({ webhookId: z.number().int().positive() });

export const webhooksRouter = createTrpcRouter({
  /** every webhook of the account (an account has at most 20) */
  list: requirePermission("webhooks.manage").query(async ({ ctx }) => {
    const page = await listWebhooks({ accountId: ctx.account.id, limit: WEBHOOK_LIMITS.perAccount });
    return page.data;
  }),

  /** the body is checked by the use case, so the form gets the REST API's field errors */
  create: requirePermission("webhooks.manage")
    .input(z.object({ body: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) => createWebhook({ accountId: ctx.account.id, userId: ctx.userId, body: input.body })),

  delete: requirePermission("webhooks.manage")
    .input(ZWebhookId)
    .mutation(({ ctx, input }) => deleteWebhook({ accountId: ctx.account.id, webhookId: input.webhookId })),

  deliveries: requirePermission("webhooks.manage")
    .input(ZWebhookId.extend(ZPageInput.shape))
    .query(({ ctx, input }) => listWebhookDeliveries({ accountId: ctx.account.id, ...input })),

  sendTest: requirePermission("webhooks.manage")
    .input(ZWebhookId)
    .mutation(({ ctx, input }) => sendTestWebhook({ accountId: ctx.account.id, webhookId: input.webhookId })),
});
