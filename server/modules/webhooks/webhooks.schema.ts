// Webhook registration input, its limits, and the records every transport answers with (REST and the dashboard):
// snake_case like the other REST resources. The secret appears in one shape only, the answer to creation.
import { z } from "zod";
import { AppError, type FieldError } from "../../errors";
import { ACCOUNT_QUOTAS } from "../accounts/account-quotas";
import { parseWebhookUrl } from "./webhook-destination";
import { WEBHOOK_EVENTS } from "./webhook-events";

export const WEBHOOK_LIMITS = {
  /** webhooks per account (the quota of accounts/account-quotas.ts) */
  perAccount: ACCOUNT_QUOTAS.webhooks,
  /** characters of a receiver URL */
  urlLength: 2_000,
  /** test pings per account and minute, all its webhooks together: enough to try receivers, too few to aim the service at someone */
  testsPerMinute: 10,
} as const;

/** events a webhook can subscribe to; test_ping is sent by the test call to any webhook, subscribed or not */
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` });

export const ZCreateWebhookBody = z
  .object({
    url: z
      .string({ error: (issue) => (issue.input === undefined ? "is required" : "must be a string") })
      .trim()
      .min(1, "is required")
      .max(WEBHOOK_LIMITS.urlLength, `must be at most ${WEBHOOK_LIMITS.urlLength.toLocaleString("en")} characters`)
      // its form here, so every field's problem is told at once; its addresses afterwards (createWebhook)
      .superRefine((url, context) => {
        const parsed = parseWebhookUrl(url);
        if (!parsed.ok) context.addIssue({ code: "custom", message: parsed.reason });
      })
      .meta({ description: "The receiver: an absolute http or https URL on a public address.", example: "https://erp.example.com/hooks/fleetline" }),
    events: z
      .array(ZWebhookEvent, { error: (issue) => (issue.input === undefined ? "is required" : "must be an array of event names") })
      // refinements, not .min()/.max(): zod runs length checks on a string given instead of an array as well
      .refine((events) => events.length >= 1, "must name at least one event")
      .refine((events) => events.length <= WEBHOOK_EVENTS.length, `must have at most ${WEBHOOK_EVENTS.length} events`)
      .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event))) // once each, in the list's order
      .meta({ description: "The events to receive." }),
  })
  .strict()
  .meta({ id: "WebhookCreate" });
export type CreateWebhookBody = z.output<typeof ZCreateWebhookBody>;

/** the body, or VALIDATION_FAILED naming each bad field (an unknown field by its own name) */
export function parseWebhookBody(body: unknown): CreateWebhookBody {
  const result = ZCreateWebhookBody.safeParse(body);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ field: key, message: `unknown field "${key}" (a webhook has url and events)` }))
      : [{ field: issue.path.map(String).join(".") || "body", message: issue.message }],
  );
  throw new AppError("VALIDATION_FAILED", errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}

export const ZWebhook = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(ZWebhookEvent),
    created_at: z.string().meta({ description: "ISO 8601 timestamp." }),
  })
  .meta({ id: "Webhook", description: "A registered webhook. The secret is never shown again after creation." });
export type WebhookDto = z.infer<typeof ZWebhook>;

export const ZCreatedWebhook = ZWebhook.extend({
  secret: z.string().meta({
    description: "Signs every delivery (X-Service-Signature). Shown in this answer only: store it now.",
    example: "whsec_3q2-7wGfXn1C5y0yY4bK9hF6tQ8mZ1aR2sL0vU7pE4c",
  }),
}).meta({ id: "WebhookCreated" });
export type CreatedWebhookDto = z.infer<typeof ZCreatedWebhook>;

export const ZWebhookDelivery = z
  .object({
    id: z.number().int(),
    event: ZWebhookEvent,
    event_id: z.string().meta({ description: "The `id` of the body sent (a UUID)." }),
    response_code: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when no answer came." }),
    duration_ms: z.number().int().meta({ description: "From the start of the attempt to its end, milliseconds." }),
    error: z
      .string()
      .nullable()
      .meta({ description: "Why there was no answer (address refused, timeout, connection error); null when one came." }),
    created_at: z.string().meta({ description: "ISO 8601 timestamp of the attempt's end." }),
  })
  .meta({ id: "WebhookDelivery", description: "One delivery attempt. Attempts are never retried." });
export type WebhookDeliveryDto = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookTestAccepted = z
  .object({ event_id: z.string().meta({ description: "The id of the test_ping body; its attempt appears in the deliveries." }), event: z.literal("test_ping") })
  .meta({ id: "WebhookTestAccepted" });
export type WebhookTestAccepted = z.infer<typeof ZWebhookTestAccepted>;

export const webhookSelect = { id: true, url: true, events: true, createdAt: true } as const;

export function toWebhookDto(row: { id: number; url: string; events: string[]; createdAt: Date }): WebhookDto {
  return { id: row.id, url: row.url, events: row.events as WebhookDto["events"], created_at: row.createdAt.toISOString() };
}

export const deliverySelect = { id: true, event: true, eventId: true, responseCode: true, durationMs: true, error: true, createdAt: true } as const;

export function toDeliveryDto(row: {
  id: number;
  event: string;
  eventId: string;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
  createdAt: Date;
}): WebhookDeliveryDto {
  return {
    id: row.id,
    event: row.event as WebhookDeliveryDto["event"],
    event_id: row.eventId,
    response_code: row.responseCode,
    duration_ms: row.durationMs,
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}
