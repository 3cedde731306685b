// Alerts for the dashboard: rules (list, create, replace, delete), fired alerts (newest first, with a live
// subscription that says "a new one fired" so the list refreshes), one procedure per use case. The rule bodies are
// the REST API's, validated by the use cases, so the dashboard and integrations cannot drift apart.
import { z } from "zod";
import { hubEvents } from "../hub-iterator";
import { visibleAssetIds } from "../../modules/asset-scope/asset-scope";
import { createAlertRule } from "../../modules/alerts/create-alert-rule";
import { deleteAlertRule } from "../../modules/alerts/delete-alert-rule";
import { listAlertRules } from "../../modules/alerts/list-alert-rules";
import { getFiredAlert } from "../../modules/alerts/get-fired-alert";
import { listFiredAlerts } from "../../modules/alerts/list-fired-alerts";
import { updateAlertRule } from "../../modules/alerts/update-alert-rule";
import type { AlertMessage } from "../../modules/stream/channel-messages";
import { createTrpcRouter, requirePermission } from "../trpc";
import { db } from "../../db/client";
import { acknowledgeAlert } from "../../modules/notifications/acknowledge-alert";
import { listAlertDeliveries } from "../../modules/notifications/list-alert-deliveries";
import { listNotifyMembers } from "../../modules/notifications/list-notify-members";
import { ZPageInput } from "../../modules/paging";

/** a rule's or an alert's id */
const ZId = z.number().int().positive();
const ZBody = z.record(z.string(), z.unknown());

/** What the dashboard needs to know when an alert fires: enough for a toast; the list is re-read from the database. */
export interface FiredAlertNotice {
  id: number;
  assetId: number;
  type: AlertMessage["type"];
  message: string;
}

/**
 * the account's fired alerts as they happen, ending (and unsubscribing) when `signal` aborts; `assetIds` (null: all)
 * keeps those of a group-limited member's assets
 */
export function accountAlerts(accountId: number, signal: AbortSignal | undefined, assetIds: ReadonlySet<number> | null = null): AsyncGenerator<FiredAlertNotice> {
  const wanted = (alert: { accountId: number; assetId: number }) => alert.accountId === accountId && (assetIds === null || assetIds.has(alert.assetId));
  return hubEvents({
    event: "alert",
    map: (alert) => (wanted(alert) ? { id: alert.id, assetId: alert.assetId, type: alert.type, message: alert.message } : null),
    maxQueued: MAX_QUEUED,
    signal,
  });
}

const MAX_QUEUED = 100;

export const alertsRouter = createTrpcRouter({
  rules: requirePermission("alerts.read")
    .input(ZPageInput)
    .query(({ ctx, input }) => listAlertRules({ accountId: ctx.account.id, cursor: input.cursor, limit: input.limit })),

  createRule: requirePermission("alerts.manage")
    .input(z.object({ body: ZBody }))
    .mutation(({ ctx, input }) => createAlertRule({ accountId: ctx.account.id, body: input.body })),

  updateRule: requirePermission("alerts.manage")
    .input(z.object({ ruleId: ZId, body: ZBody }))
    .mutation(({ ctx, input }) => updateAlertRule({ accountId: ctx.account.id, ruleId: input.ruleId, body: input.body })),

  deleteRule: requirePermission("alerts.manage")
    .input(z.object({ ruleId: ZId }))
    .mutation(({ ctx, input }) => deleteAlertRule({ accountId: ctx.account.id, ruleId: input.ruleId })),

  /** fired alerts, newest first, with the REST list's filters */
  fired: requirePermission("alerts.read")
    .input(
      z.object({
        cursor: z.string().max(200).nullish(),
        limit: z.number().int().optional(),
        type: z.string().max(40).optional(),
        asset_id: z.number().int().optional(),
        rule_id: z.number().int().optional(),
        from: z.string().max(40).optional(),
        to: z.string().max(40).optional(),
      }),
    )
    .query(({ ctx, input: { accountKey: _key, cursor, ...filters } }) =>
      listFiredAlerts({ accountId: ctx.account.id, scope: ctx.scope, query: { ...filters, ...(cursor ? { cursor } : {}) } }),
    ),

  /**
   * one fired alert by id: the alert a notification links to (/alerts?alert={id}) when it is not on the list's loaded
   * pages. Another account's alert is NOT_FOUND, exactly like a deleted one
   */
  get: requirePermission("alerts.read")
    .input(z.object({ alertId: ZId }))
    .query(({ ctx, input }) => getFiredAlert({ accountId: ctx.account.id, alertId: input.alertId })),

  /** the alert's notifications and every try (docs/notifications.md) */
  deliveries: requirePermission("alerts.read")
    .input(z.object({ alertId: ZId }))
    .query(({ ctx, input }) => listAlertDeliveries({ accountId: ctx.account.id, alertId: input.alertId })),

  /** members a rule may notify, by name (the rule form's picker; names for `user:<id>` on deliveries) */
  members: requirePermission("alerts.read").query(({ ctx }) => listNotifyMembers({ accountId: ctx.account.id })),

  /**
   * stops a critical alert's escalation; records the signed-in member. The roles that manage alerts, as over REST
   * (scope alerts:write): a viewer sees the alert and its deliveries but cannot acknowledge
   */
  acknowledge: requirePermission("alerts.manage")
    .input(z.object({ alertId: ZId }))
    .mutation(async ({ ctx, input }) => {
      const user = await db().user.findUnique({ where: { id: ctx.userId }, select: { name: true, email: true } });
      return acknowledgeAlert({ accountId: ctx.account.id, alertId: input.alertId, by: { userId: ctx.userId, label: user ? `${user.name} <${user.email}>` : `user ${ctx.userId}` } });
    }),

  live: requirePermission("alerts.read").subscription(async function* ({ ctx, signal }) {
    yield* accountAlerts(ctx.account.id, signal, await visibleAssetIds(ctx.scope));
  }),
});
