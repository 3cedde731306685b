// Webhooks ({base_url}/api/{accountKey}/public-tracking/webhooks): registration, list, read, delete, the delivery log
// and the test call, with API keys; and, in the document's `webhooks` section, every event a receiver gets with its
// body. docs/webhooks.md has the signature, the receiver example and the delivery rules.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { WEBHOOK_EVENTS } from "../../../modules/webhooks/webhook-events";
import { webhookBodySchema } from "../../../modules/webhooks/webhook-payload";
import { EVENT_HEADER, SIGNATURE_HEADER } from "../../../modules/webhooks/webhook-signature";
import {
  WEBHOOK_LIMITS,
  ZCreatedWebhook,
  ZCreateWebhookBody,
  ZWebhook,
  ZWebhookDelivery,
  ZWebhookTestAccepted,
} from "../../../modules/webhooks/webhooks.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { ZPageQuery } from "../../../modules/paging";
import { apiKeySecurity, errorResponses } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const BASE = "/api/{accountKey}/public-tracking/webhooks";
const TAG = "Webhooks";
const ZWebhookParams = ZAccountPathParams.extend({ id: z.string().meta({ description: "The webhook's id." }) });
const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });
const ROLES = "The key's member must be an admin, fleet manager or office staff (403 otherwise).";

export function registerWebhookPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "post",
    path: BASE,
    tags: [TAG],
    summary: "Register a webhook",
    description:
      "The answer carries the webhook's `secret`, shown this once: every delivery is signed with it. The URL must be " +
      "http or https, without user name or password, at most 2,000 characters, on a public address (loopback and " +
      "private receivers are refused with 422 and the reason, unless the server runs with WEBHOOK_ALLOW_PRIVATE=1). " +
      `Unknown fields, unknown events and a body that is not JSON are 422. At most ${WEBHOOK_LIMITS.perAccount} webhooks ` +
      `an account (422 WEBHOOK_LIMIT_REACHED). ${ROLES}`,
    security: apiKeySecurity,
    request: { params: ZAccountPathParams, body: { content: { "application/json": { schema: ZCreateWebhookBody } } } },
    responses: {
      201: { ...json(z.object({ data: ZCreatedWebhook }), "Registered; Location names the webhook."), headers: { Location: { schema: { type: "string" } } } },
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: BASE,
    tags: [TAG],
    summary: "List webhooks",
    description: `The account's webhooks in id order, without their secrets. ${ROLES}`,
    security: apiKeySecurity,
    request: { params: ZAccountPathParams, query: ZPageQuery },
    responses: { 200: json(page(ZWebhook), "A page of webhooks."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: `${BASE}/{id}`,
    tags: [TAG],
    summary: "Read a webhook",
    description: `Without its secret. ${ROLES}`,
    security: apiKeySecurity,
    request: { params: ZWebhookParams },
    responses: { 200: json(z.object({ data: ZWebhook }), "The webhook."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: `${BASE}/{id}`,
    tags: [TAG],
    summary: "Delete a webhook",
    description: `Deletes the webhook and its delivery log. ${ROLES}`,
    security: apiKeySecurity,
    request: { params: ZWebhookParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "get",
    path: `${BASE}/{id}/deliveries`,
    tags: [TAG],
    summary: "Read a webhook's delivery log",
    description:
      "One entry per attempt, newest first; `next_cursor` leads to older ones. Attempts are never retried. Entries " +
      "whose `response_code` is null record an attempt without an answer (timeout, refused address, connection error) " +
      "or events that were not sent (queue full, server stopping), with the reason in `error`. Kept 30 days. " +
      ROLES,
    security: apiKeySecurity,
    request: { params: ZWebhookParams, query: ZPageQuery },
    responses: { 200: json(page(ZWebhookDelivery), "A page of the log."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: `${BASE}/{id}/test`,
    tags: [TAG],
    summary: "Send a test ping",
    description:
      "Sends a test_ping event to the webhook's address, subscribed to test_ping or not. Answers 202 at once with the " +
      "event's id: the attempt, with the receiver's response code, appears in the delivery log when it ends (within " +
      `the receiver's 5 seconds). ${WEBHOOK_LIMITS.testsPerMinute} tests a minute per account, all its webhooks together. ${ROLES}`,
    security: apiKeySecurity,
    request: { params: ZWebhookParams },
    responses: { 202: json(z.object({ data: ZWebhookTestAccepted }), "Accepted: the ping is on its way."), ...errorResponses(401, 403, 404, 429) },
  });

  // what receivers get: one POST per event, signed
  for (const event of WEBHOOK_EVENTS) {
    registry.registerWebhook({
      method: "post",
      path: event,
      tags: [TAG],
      summary: `${event} delivery`,
      description:
        `Sent to webhooks subscribed to ${event}${event === "test_ping" ? " (and by the test call to any webhook)" : ""}. ` +
        `Headers: ${EVENT_HEADER} (the event name) and ${SIGNATURE_HEADER} (sha256= and the lowercase hex HMAC-SHA256 ` +
        "of the raw body keyed with the webhook's secret; verify it over the raw bytes before parsing, in constant " +
        "time). Answer any 2xx within 5 seconds; one attempt, never retried.",
      request: {
        headers: z.object({
          [EVENT_HEADER]: z.literal(event),
          [SIGNATURE_HEADER]: z.string().meta({ example: "sha256=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd" }),
        }),
        body: { content: { "application/json": { schema: webhookBodySchema(event) } } },
      },
      responses: { 200: { description: "Any 2xx within 5 seconds acknowledges the delivery; anything else is logged as it came." } },
    });
  }
}
