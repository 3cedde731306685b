// Passenger links and routes for integrators ({base_url}/api/{account_key}/public-tracking, API key): send-welcome, a
// passenger's link rotated to a new address, a route's occurrences and one run in full. The webhook calls of the same
// base path are registered in their own file.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZPassengerLink, ZSendWelcome, ZSendWelcomeResult } from "../../../modules/passengers/passengers.schema";
import { ZOccurrenceList, ZOccurrenceQuery, ZRunInFull } from "../../../modules/routes/routes.schema";
import { apiKeySecurity, errorResponses } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const ZAccountParams = z.object({ accountKey: z.string().meta({ description: "The account key (the API key's account)." }) });
const unavailable = json(
  z.object({ message: z.string(), code: z.enum(["MAIL_UNAVAILABLE", "SMS_UNAVAILABLE"]) }),
  "Mail or SMS failed part-way; the message says how many went out before (those passengers have welcome_sent_at set).",
);

export function registerPassengerLinkPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/public-tracking/passengers/send-welcome",
    tags: ["Passenger links"],
    summary: "Send passengers their welcome message",
    description:
      "Sends each passenger's contact a welcome message with the passenger's own tracking link (made on first need, one " +
      "per passenger): by e-mail to contact_email, else by SMS to a contact_phone in international form. Each passenger " +
      "counts once, in the first that applies: not_approved, opted_out, no_channel, recently_welcomed (welcomed in the " +
      "last 24 hours; send `force: true` to message them anyway), sent. Every id must be a passenger of the account, else " +
      "422 names the others and nothing is sent. Up to 1,000 ids per call; 10 calls a minute per key; an account sends at " +
      "most 2,000 welcome messages a day by default (WELCOME_MESSAGES_PER_DAY): a call that would go past it sends nothing " +
      "and answers 429 RATE_LIMITED with Retry-After and how many are left. An import never messages anyone.",
    security: apiKeySecurity,
    request: { params: ZAccountParams, body: { required: true, content: { "application/json": { schema: ZSendWelcome } } } },
    responses: {
      200: json(ZSendWelcomeResult, "How many were sent, and why the others were not."),
      ...errorResponses(400, 401, 403, 404, 422, 429),
      503: unavailable,
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/public-tracking/passengers/{passengerId}/rotate-link",
    tags: ["Passenger links"],
    summary: "Give a passenger's link a new address",
    description:
      "A new uuid for the passenger's own tracking link (made now when they have none): the old address ends at once " +
      "(404 LINK_NOT_FOUND on every public call, its viewer sessions ended, its viewers sent link.expired and " +
      "disconnected). Nothing is sent: the passenger counts as not welcomed with the new address, so the next " +
      "send-welcome sends it. 60 calls a minute per key.",
    security: apiKeySecurity,
    request: { params: ZAccountParams.extend({ passengerId: z.string().meta({ description: "The passenger's id (created_ids of a passengers import)." }) }) },
    responses: {
      200: json(z.object({ data: ZPassengerLink }), "The passenger's link under its new address."),
      ...errorResponses(401, 403, 404, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/public-tracking/routes/{routeId}/occurrences",
    tags: ["Passenger links"],
    summary: "A route's runs, day by day",
    description:
      "One entry per day the route runs between `from` and `to` (default today and the 13 days after it, in the " +
      "account's time zone; at most 92 days): imported runs (source run, also cancelled ones and days off the weekly " +
      "schedule) and the days the route's weekly schedule implies from effective_from on (source schedule). A run's " +
      "empty times, vehicle and driver are the route's.",
    security: apiKeySecurity,
    request: {
      params: ZAccountParams.extend({ routeId: z.string().meta({ description: "The route's id (created_ids of a routes import)." }) }),
      query: ZOccurrenceQuery,
    },
    responses: { 200: json(ZOccurrenceList, "The route's occurrences, by date."), ...errorResponses(401, 403, 404, 422) },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/public-tracking/runs/{runId}",
    tags: ["Passenger links"],
    summary: "One run in full",
    description:
      "An imported run (a runs row) of the account: its route, day, plan (status, times, vehicle and driver, the " +
      "route's where the run leaves them empty) and how it is driven: the run's state, when it started and finished, " +
      "and per stop the planned time, state, ETA with its uncertainty (while the run is in progress) and actual times. " +
      "progress is never null here: before the vehicle reported it is scheduled (cancelled for a cancelled run) with " +
      "every stop pending. Another account's run, or an unknown id, is 404 RUN_NOT_FOUND.",
    security: apiKeySecurity,
    request: { params: ZAccountParams.extend({ runId: z.string().meta({ description: "The run's id (created_ids of a runs import; run_id of an occurrence)." }) }) },
    responses: { 200: json(z.object({ data: ZRunInFull }), "The run."), ...errorResponses(401, 403, 404) },
  });
}
