// The in-app inbox for the dashboard's bell (docs/notifications-inbox.md): every member, whatever their role, reads
// and marks only their own notifications in the account they are in (ctx.userId and ctx.account, never an input).
import { z } from "zod";
import { countUnreadInbox } from "../../modules/notifications/inbox/count-unread-inbox";
import { INBOX_PAGE_MAX, listInboxNotifications } from "../../modules/notifications/inbox/list-inbox-notifications";
import { MARK_READ_MAX_IDS, markInboxRead } from "../../modules/notifications/inbox/mark-inbox-read";
import { accountProcedure, createTrpcRouter } from "../trpc";

export const inboxRouter = createTrpcRouter({
  list: accountProcedure
    .input(
      z.object({
        cursor: z.number().int().positive().nullish(),
        limit: z.number().int().min(1).max(INBOX_PAGE_MAX).optional(),
        unreadOnly: z.boolean().optional(),
      }),
    )
    .query(({ ctx, input }) => listInboxNotifications({ accountId: ctx.account.id, userId: ctx.userId, ...input })),

  unreadCount: accountProcedure.query(async ({ ctx }) => ({ unread: await countUnreadInbox({ accountId: ctx.account.id, userId: ctx.userId }) })),

  markRead: accountProcedure
    .input(z.object({ ids: z.array(z.number().int().positive()).min(1).max(MARK_READ_MAX_IDS) }))
    .mutation(({ ctx, input }) => markInboxRead({ accountId: ctx.account.id, userId: ctx.userId, ids: input.ids })),

  markAllRead: accountProcedure.mutation(({ ctx }) => markInboxRead({ accountId: ctx.account.id, userId: ctx.userId, ids: null })),
});
