// The `notify` block of an alert rule (docs/notifications.md "Recipients and channels"): who hears about the rule's
// alerts and how. Stored as given (snake_case) in alert_rules.notify; the REST body, the dashboard and the queueing
// step read the same shape.
import { z } from "zod";

export const NOTIFY_CHANNELS = ["email", "sms", "in_app", "webhook"] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
export const MEMBER_ROLES = ["admin", "fleet_manager", "office_staff", "viewer"] as const;

export const NOTIFY_LIMITS = {
  recipients: 50,
  escalationSteps: 5,
  afterMinutes: { min: 1, max: 1440 },
} as const;

const ZId = z.number({ error: "must be a list of user ids" }).int("must be a whole number").positive("must be a positive id");
const ZChannels = z
  .array(z.enum(NOTIFY_CHANNELS, { error: `must be one of: ${NOTIFY_CHANNELS.join(", ")}` }), { error: "must be a list of channels" })
  .transform((channels) => [...new Set(channels)]);
const ZRoles = z
  .array(z.enum(MEMBER_ROLES, { error: `must be one of: ${MEMBER_ROLES.join(", ")}` }), { error: "must be a list of roles" })
  .default([])
  .transform((roles) => [...new Set(roles)]);
const ZUserIds = z
  .array(ZId, { error: "must be a list of user ids" })
  .max(NOTIFY_LIMITS.recipients, `may list at most ${NOTIFY_LIMITS.recipients} members`)
  .default([])
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));
const ZEmails = z
  .array(z.email({ error: "must be an e-mail address" }).trim().toLowerCase().max(254), { error: "must be a list of e-mail addresses" })
  .max(NOTIFY_LIMITS.recipients, `may list at most ${NOTIFY_LIMITS.recipients} addresses`)
  .default([])
  .transform((list) => [...new Set(list)]);
const ZPhones = z
  .array(z.string({ error: "must be a phone number" }).trim().regex(/^\+[1-9]\d{6,14}$/, "must be a phone number in E.164 form, e.g. +37060012345"), {
    error: "must be a list of phone numbers",
  })
  .max(NOTIFY_LIMITS.recipients, `may list at most ${NOTIFY_LIMITS.recipients} numbers`)
  .default([])
  .transform((list) => [...new Set(list)]);

const recipients = { roles: ZRoles, user_ids: ZUserIds, emails: ZEmails, phones: ZPhones };

export const ZEscalationStep = z
  .object({
    after_minutes: z
      .number({ error: "must be a whole number of minutes" })
      .int("must be a whole number of minutes")
      .min(NOTIFY_LIMITS.afterMinutes.min, `must be from ${NOTIFY_LIMITS.afterMinutes.min} to ${NOTIFY_LIMITS.afterMinutes.max} minutes`)
      .max(NOTIFY_LIMITS.afterMinutes.max, `must be from ${NOTIFY_LIMITS.afterMinutes.min} to ${NOTIFY_LIMITS.afterMinutes.max} minutes`)
      .meta({ description: "Minutes after the alert fired, if nobody acknowledged it by then." }),
    channels: ZChannels.pipe(z.array(z.enum(NOTIFY_CHANNELS)).min(1, "must name at least one channel")).meta({
      description: "The channels this step uses (e.g. the next channel: sms).",
    }),
    ...recipients,
  }, { error: "must be an object" })
  .strict();

export const ZNotifyConfig = z
  .object({
    channels: ZChannels.pipe(z.array(z.enum(NOTIFY_CHANNELS)).min(1, "must name at least one channel"))
      .default(["email", "in_app"])
      .meta({ description: "email, sms, in_app (the members' inbox), webhook (the account's webhooks: event alert_fired)." }),
    ...recipients,
    critical: z.boolean({ error: "must be true or false" }).default(false).meta({
      description: "Critical alerts ignore quiet hours and digests and may escalate.",
    }),
    escalation: z
      .array(ZEscalationStep, { error: "must be a list of escalation steps" })
      .max(NOTIFY_LIMITS.escalationSteps, `may have at most ${NOTIFY_LIMITS.escalationSteps} steps`)
      .default([])
      .meta({ description: "Steps taken while a critical alert is not acknowledged." }),
  }, { error: "must be an object with the rule's recipients and channels" })
  .strict()
  .superRefine((notify, ctx) => {
    if (notify.escalation.length > 0 && !notify.critical) {
      ctx.addIssue({ code: "custom", path: ["escalation"], message: "needs `critical: true` (only critical alerts escalate)" });
    }
    for (let i = 1; i < notify.escalation.length; i++) {
      if (notify.escalation[i]!.after_minutes <= notify.escalation[i - 1]!.after_minutes) {
        ctx.addIssue({ code: "custom", path: ["escalation", i, "after_minutes"], message: "must be later than the step before" });
      }
    }
    const none = (r: { roles: string[]; user_ids: number[]; emails: string[]; phones: string[] }) =>
      r.roles.length + r.user_ids.length + r.emails.length + r.phones.length === 0;
    if (none(notify) && !notify.channels.includes("webhook")) {
      ctx.addIssue({ code: "custom", path: ["roles"], message: "name at least one recipient (roles, user_ids, emails or phones) or the webhook channel" });
    }
    notify.escalation.forEach((step, i) => {
      if (none(step)) ctx.addIssue({ code: "custom", path: ["escalation", i, "roles"], message: "name at least one recipient" });
    });
  })
  .meta({ id: "AlertRuleNotify", description: "Who hears about the rule's alerts (docs/notifications.md)." });

export type NotifyConfig = z.output<typeof ZNotifyConfig>;
export type EscalationStep = z.output<typeof ZEscalationStep>;
export type NotifyRecipients = Pick<NotifyConfig, "roles" | "user_ids" | "emails" | "phones">;
