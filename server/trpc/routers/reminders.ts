// Service and renewal reminders for the dashboard's Reminders page (docs/fleet-records.md "Reminders page"): members
// who read assets see them sorted by urgency; those who manage assets create, edit and delete them and log services.
// The bodies are the REST bodies, checked by the same use cases, which take the member's scope: a member limited to
// some groups sees and changes the reminders of their assets (and reads drivers' renewals: renewal-scope.ts).
import { z } from "zod";
import { REMINDER_STATUSES } from "../../modules/reminders/reminder-arithmetic";
import { deleteRenewalReminder } from "../../modules/reminders/delete-renewal-reminder";
import { deleteServiceReminder } from "../../modules/reminders/delete-service-reminder";
import { listRemindersByUrgency } from "../../modules/reminders/list-reminders-by-urgency";
import { saveRenewalReminder } from "../../modules/reminders/save-renewal-reminder";
import { saveServiceEntry } from "../../modules/reminders/save-service-entry";
import { saveServiceReminder } from "../../modules/reminders/save-service-reminder";
import { snoozeReminder } from "../../modules/reminders/snooze-reminder";
import { createTrpcRouter, requirePermission } from "../trpc";

const ZId = z.number().int().positive();
const ZSave = z.object({ id: ZId.nullable(), body: z.record(z.string(), z.unknown()) });

export const remindersRouter = createTrpcRouter({
  list: requirePermission("assets.read")
    .input(z.object({ assetId: ZId.optional(), statuses: z.array(z.enum(REMINDER_STATUSES)).optional() }))
    .query(({ ctx, input }) => listRemindersByUrgency({ accountId: ctx.account.id, scope: ctx.scope, assetId: input.assetId, statuses: input.statuses })),
  saveService: requirePermission("assets.write")
    .input(ZSave)
    .mutation(({ ctx, input }) => saveServiceReminder({ accountId: ctx.account.id, scope: ctx.scope, reminderId: input.id, body: input.body })),
  saveRenewal: requirePermission("assets.write")
    .input(ZSave)
    .mutation(({ ctx, input }) => saveRenewalReminder({ accountId: ctx.account.id, scope: ctx.scope, renewalId: input.id, body: input.body })),
  logService: requirePermission("assets.write")
    .input(z.object({ body: z.record(z.string(), z.unknown()) }))
    .mutation(({ ctx, input }) => saveServiceEntry({ accountId: ctx.account.id, scope: ctx.scope, entryId: null, body: input.body })),
  /** snoozes a service or renewal reminder until a date (null: wakes it), leaving the rest of it as it is */
  snooze: requirePermission("assets.write")
    .input(z.object({ type: z.enum(["service", "renewal"]), id: ZId, until: z.string().nullable() }))
    .mutation(({ ctx, input }) => snoozeReminder({ accountId: ctx.account.id, scope: ctx.scope, ...input })),
  deleteService: requirePermission("assets.write")
    .input(z.object({ id: ZId }))
    .mutation(async ({ ctx, input }) => void (await deleteServiceReminder({ accountId: ctx.account.id, scope: ctx.scope, reminderId: input.id }))),
  deleteRenewal: requirePermission("assets.write")
    .input(z.object({ id: ZId }))
    .mutation(async ({ ctx, input }) => void (await deleteRenewalReminder({ accountId: ctx.account.id, scope: ctx.scope, renewalId: input.id }))),
});
