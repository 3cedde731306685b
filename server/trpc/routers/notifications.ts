// The signed-in member's own notification settings in the account they are in (docs/notifications.md
// "Preferences"): every role, viewers too, reads and replaces only their own (ctx.userId, never an input). The body
// is the REST document (snake_case), so the dashboard and integrators share one schema and one set of field errors.
import { z } from "zod";
import { getNotificationSettings } from "../../modules/notification-settings/get-notification-settings";
import type { NotificationSettingsBody } from "../../modules/notification-settings/notification-settings.schema";
import { replaceNotificationSettings } from "../../modules/notification-settings/replace-notification-settings";
import { accountProcedure, createTrpcRouter } from "../trpc";

const settingsRouter = createTrpcRouter({
  get: accountProcedure.query(async ({ ctx }) => ({
    settings: await getNotificationSettings({ accountId: ctx.account.id, userId: ctx.userId }),
    /** what a null time_zone means */
    accountTimeZone: ctx.account.timeZone,
  })),

  /** validated by the use case, so field errors carry the document's names (phone, quiet_end, preferences.3) */
  update: accountProcedure
    .input(z.object({ settings: z.custom<NotificationSettingsBody>() }))
    .mutation(({ ctx, input }) => replaceNotificationSettings({ accountId: ctx.account.id, userId: ctx.userId, body: input.settings })),
});

export const notificationsRouter = createTrpcRouter({ settings: settingsRouter });
