// What a webhook delivery carries: the body of every event in one place, so docs/webhooks.md, the OpenAPI document
// (its `webhooks` section is built from these schemas), the emitters and the receivers cannot drift apart. Every body is
//
//   {"id": "<uuid of this event>", "event": "<name>", "created_at": "<ISO 8601>", "account_key": "<key>", "data": {...}}
//
// with `data` per event as below (snake_case, like the REST API). `emitWebhookEvent(accountId, event, data)` takes
// `data` as WebhookEventData[event], so the compiler holds every caller to these shapes.
// The id is the same for every webhook one event goes to, so a receiver can drop an event it has already handled (a run
// event's id is `{route_id}:{date}:{n}`, the same after a restart).
import { z } from "zod";
import type { WebhookEvent } from "./webhook-events";

const linkUuid = z.string().meta({ description: "The tracking link's public uuid (its page is /t/{uuid})." });
const passengerId = z
  .number()
  .int()
  .nullable()
  .meta({ description: "The passenger whose own link it is (send-welcome links); null for other links." });

const ZAccessRequestData = z.object({
  request_id: z.number().int().meta({ description: "The access request's id." }),
  link_uuid: linkUuid,
  email: z.string().meta({ description: "The address access was asked for." }),
  name: z.string().nullable().meta({ description: "The name the person gave, if any." }),
});

const isoTime = (what: string) => z.string().nullable().meta({ description: `${what}, ISO 8601 (UTC); null: not (yet).` });

/** `data` of the six run events: one shape, the `type` in the envelope's `event` (docs/webhooks.md "Run events") */
const ZRunEventData = z.object({
  sequence: z
    .number()
    .int()
    .meta({ description: "The event's number within its run's day, from 1: events of a run in the order they happened." }),
  run: z.object({
    id: z.number().int().nullable().meta({ description: "The imported run of that day; null for a day the route's weekly schedule implies." }),
    route_id: z.number().int(),
    route_number: z.string(),
    route_name: z.string().nullable(),
    date: z.string().meta({ description: "The run's day, YYYY-MM-DD in the account's time zone." }),
    status: z.enum(["scheduled", "in_progress", "finished", "cancelled"]).meta({ description: "The run's state after this event." }),
    started_at: isoTime("When the run started"),
    finished_at: isoTime("When it finished or was cancelled"),
    reason: z
      .enum(["left_first_stop", "moving", "last_stop", "end_time"])
      .nullable()
      .meta({ description: "run_started: left_first_stop or moving; run_finished: last_stop or end_time; else null." }),
  }),
  stop: z
    .object({
      id: z.number().int(),
      name: z.string(),
      sequence: z.number().int().meta({ description: "The stop's place in the route, from 1." }),
      planned_at: isoTime("The stop's planned time that day"),
      arrived_at: isoTime("When the vehicle arrived"),
      departed_at: isoTime("When it left"),
      skipped_at: isoTime("When it was passed without stopping"),
      trigger: z
        .enum(["low_speed", "dwell", "door", "between_fixes"])
        .nullable()
        .meta({ description: "stop_arrived: what showed the vehicle stopped there (docs/run-progress.md); else null." }),
    })
    .nullable()
    .meta({ description: "The stop of stop_arrived, stop_departed and stop_skipped; null for the run events." }),
  vehicle: z
    .object({ asset_id: z.number().int().nullable(), name: z.string().nullable() })
    .meta({ description: "The vehicle whose fix it was (asset_id null only for a run finished by the clock whose vehicle was deleted)." }),
});

/** `data` of each event */
export const WEBHOOK_EVENT_DATA = {
  viewer_joined: z
    .object({
      link_uuid: linkUuid,
      link_display_name: z.string().meta({ description: "The link's name as its viewers see it." }),
      passenger_id: passengerId,
      viewer_email: z
        .string()
        .nullable()
        .meta({ description: "The address the viewer verified with; null on a public link, where nobody gives one." }),
    })
    .meta({ id: "WebhookViewerJoinedData", description: "A viewer opened a tracking link (its verify succeeded)." }),
  access_requested: ZAccessRequestData.meta({ id: "WebhookAccessRequestedData", description: "Somebody asked for access to a private link." }),
  access_approved: ZAccessRequestData.meta({ id: "WebhookAccessApprovedData", description: "The team approved an access request." }),
  form_submitted: z
    .object({
      submission_id: z.number().int().meta({ description: "The form submission's id." }),
      link_uuid: linkUuid,
      passenger_id: passengerId,
      choice: z.string().meta({ description: "The choice sent, as the link's form shows it (e.g. Not riding today)." }),
      message: z.string().nullable().meta({ description: "The free text sent with it, if any." }),
    })
    .meta({ id: "WebhookFormSubmittedData", description: "A passenger sent a link's form." }),
  alert_fired: z
    .object({
      alert_id: z.number().int().meta({ description: "The fired alert (GET /api/{account_key}/fired-alert/{id})." }),
      type: z.string().meta({ description: "The alert type, e.g. OVERSPEED (docs/alerts.md)." }),
      rule_name: z.string().meta({ description: "The rule that fired, as it was named then." }),
      asset: z.object({ id: z.number().int(), name: z.string() }),
      message: z.string(),
      fired_at: z.string().meta({ description: "ISO 8601 (UTC)." }),
      critical: z.boolean().meta({ description: "The rule is marked critical." }),
    })
    .meta({ id: "WebhookAlertFiredData", description: "An alert rule whose `notify.channels` include webhook fired." }),
  run_started: ZRunEventData.meta({ id: "WebhookRunStartedData", description: "A followed run started: its vehicle left the first stop or moved within the start window." }),
  stop_arrived: ZRunEventData.meta({ id: "WebhookStopArrivedData", description: "A run's vehicle reached a stop and stopped there." }),
  stop_departed: ZRunEventData.meta({ id: "WebhookStopDepartedData", description: "A run's vehicle left a stop." }),
  stop_skipped: ZRunEventData.meta({ id: "WebhookStopSkippedData", description: "A stop was passed without stopping: a later stop was reached first." }),
  run_finished: ZRunEventData.meta({ id: "WebhookRunFinishedData", description: "A run finished: its last stop was reached, or its end time and grace passed." }),
  run_cancelled: ZRunEventData.meta({ id: "WebhookRunCancelledData", description: "A followed run (today's or yesterday's, not over) was cancelled." }),
  test_ping: z
    .object({
      webhook_id: z.number().int().meta({ description: "The webhook tested." }),
      message: z.string(),
    })
    .meta({ id: "WebhookTestPingData", description: "Sent by POST /webhooks/{id}/test and the dashboard's Send test." }),
} as const satisfies Record<WebhookEvent, z.ZodType>;

export type WebhookEventData = { [E in WebhookEvent]: z.infer<(typeof WEBHOOK_EVENT_DATA)[E]> };

/** the schema of a whole body of `event` (OpenAPI) */
export function webhookBodySchema<E extends WebhookEvent>(event: E) {
  return z.object({
    id: z.string().meta({
      description:
        "The event's id, the same for every webhook the event reached: a UUID, or for a run event `{route_id}:{date}:{sequence}`, the same after a server restart.",
    }),
    event: z.literal(event),
    created_at: z.string().meta({ description: "When the event happened, ISO 8601 (UTC)." }),
    account_key: z.string().meta({ description: "The account the event belongs to." }),
    data: WEBHOOK_EVENT_DATA[event],
  });
}

export interface WebhookBody<E extends WebhookEvent = WebhookEvent> {
  id: string;
  event: E;
  created_at: string;
  account_key: string;
  data: WebhookEventData[E];
}

/** the raw body of a delivery: exactly these bytes are signed and sent */
export function buildWebhookBody<E extends WebhookEvent>(input: {
  eventId: string;
  event: E;
  createdAt: Date;
  accountKey: string;
  data: WebhookEventData[E];
}): string {
  const body: WebhookBody<E> = {
    id: input.eventId,
    event: input.event,
    created_at: input.createdAt.toISOString(),
    account_key: input.accountKey,
    data: input.data,
  };
  return JSON.stringify(body);
}

export const TEST_PING_MESSAGE = "This is a test delivery from Fleetline. Your receiver is reachable.";
