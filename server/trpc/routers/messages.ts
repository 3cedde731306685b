// Driver messaging for the dashboard (docs/messaging.md): every member reads conversations; dispatch (messages.send)
// sends, opens a driver's replies as read, sends sign-in links, sets PINs, revokes a driver's sessions and manages
// canned replies and the SMS fallback setting.
import { z } from "zod";
import { listCannedReplies } from "../../modules/messages/list-canned-replies";
import { replaceCannedReplies } from "../../modules/messages/replace-canned-replies";
import { revokeDriverSessions } from "../../modules/messages/revoke-driver-sessions";
import { listConversations } from "../../modules/messages/list-conversations";
import { listMessages } from "../../modules/messages/list-messages";
import { markRepliesRead } from "../../modules/messages/mark-replies-read";
import { getMessagingSettings } from "../../modules/messages/get-messaging-settings";
import { updateMessagingSettings } from "../../modules/messages/update-messaging-settings";
import { sendDriverSignInLink } from "../../modules/messages/send-driver-sign-in-link";
import { sendMessage } from "../../modules/messages/send-message";
import { setDriverPin } from "../../modules/messages/set-driver-pin";
import { ZPageInput } from "../../modules/paging";
import { accountProcedure, createTrpcRouter, requirePermission } from "../trpc";

const ZDriverId = z.number().int().positive();

export const messagesRouter = createTrpcRouter({
  conversations: accountProcedure.query(({ ctx }) => listConversations({ accountId: ctx.account.id })),

  list: accountProcedure
    .input(ZPageInput.extend({ driverId: ZDriverId.nullish() }))
    .query(({ ctx, input }) => listMessages({ accountId: ctx.account.id, driverId: input.driverId, cursor: input.cursor, limit: input.limit })),

  send: requirePermission("messages.send")
    .input(z.object({ request: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) => sendMessage({ accountId: ctx.account.id, scope: ctx.scope, senderUserId: ctx.userId, request: input.request })),

  markRead: requirePermission("messages.send")
    .input(z.object({ driverId: ZDriverId }))
    .mutation(({ ctx, input }) => markRepliesRead({ accountId: ctx.account.id, driverId: input.driverId })),

  sendSignInLink: requirePermission("messages.send")
    .input(z.object({ driverId: ZDriverId, via: z.enum(["sms", "email"]) }))
    .mutation(({ ctx, input }) => sendDriverSignInLink({ accountId: ctx.account.id, driverId: input.driverId, via: input.via })),

  setPin: requirePermission("messages.send")
    .input(z.object({ driverId: ZDriverId, pin: z.string().max(20).nullable() }))
    .mutation(({ ctx, input }) => setDriverPin({ accountId: ctx.account.id, driverId: input.driverId, pin: input.pin })),

  revokeSessions: requirePermission("messages.send")
    .input(z.object({ driverId: ZDriverId }))
    .mutation(({ ctx, input }) => revokeDriverSessions({ accountId: ctx.account.id, driverId: input.driverId })),

  cannedReplies: accountProcedure.query(({ ctx }) => listCannedReplies({ accountId: ctx.account.id })),

  replaceCannedReplies: requirePermission("messages.send")
    .input(z.object({ replies: z.array(z.unknown()).max(100) }))
    .mutation(({ ctx, input }) => replaceCannedReplies({ accountId: ctx.account.id, replies: input.replies })),

  settings: accountProcedure.query(({ ctx }) => getMessagingSettings({ accountId: ctx.account.id })),

  updateSettings: requirePermission("messages.send")
    .input(z.object({ settings: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) => updateMessagingSettings({ accountId: ctx.account.id, settings: input.settings })),
});
