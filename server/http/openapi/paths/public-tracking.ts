// Public tracking (no credentials but the viewer session): link info, verify, location and the Pusher channel's
// authorisation. The channel itself (WebSocket at /app/public-tracking, events, close codes) is in
// docs/public-tracking.md, since OpenAPI does not describe WebSockets.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZChannelAuthRequest } from "../../../modules/tracking-links/authorize-channel";
import {
  ZCodeSentResponse,
  ZPublicLocation,
  ZPublicStop,
  ZTrackingLinkInfo,
  ZViewerSessionResponse,
} from "../../../modules/tracking-links/tracking-links.schema";
import { ZApproachAlert, ZApproachAlertSetting, ZOptOutResult } from "../../../modules/passengers/passengers.schema";
import { ZPublicRun } from "../../../modules/routes/routes.schema";
import { errorResponses, viewerSessionSecurity } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const ZUuidParams = z.object({ uuid: z.string().meta({ description: "The tracking link's uuid." }) });
const gone = json(z.object({ message: z.string(), code: z.enum(["LINK_INACTIVE", "LINK_EXPIRED"]) }), "The link is disabled (LINK_INACTIVE) or expired (LINK_EXPIRED).");

export function registerPublicTrackingPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "get",
    path: "/api/public/tracking/{uuid}/info",
    tags: ["Public tracking"],
    summary: "Tracking link info",
    description: "What a viewer's page needs before anything else: name, access mode, state flags and branding. No credentials.",
    security: [],
    request: { params: ZUuidParams },
    responses: { 200: json(z.object({ data: ZTrackingLinkInfo }), "The link's info."), ...errorResponses(404, 429) },
  });
  registry.registerPath({
    method: "post",
    path: "/api/public/tracking/{uuid}/verify",
    tags: ["Public tracking"],
    summary: "Open a viewer session",
    description:
      "Body by access mode: public `{}`; email `{email}`; email_code and authorized_only `{email}` (202: a 6-digit code " +
      "is e-mailed; authorized_only mails listed addresses only and answers alike) then `{email, access_code}`. An API " +
      "client of the link's account (bearer token with tracking:write) opens an authorized_only link for a listed " +
      "address directly. 30 requests a minute per IP; 50 failed codes a day per link, after which every code for the " +
      "link is refused with 429 until Retry-After.",
    security: [],
    request: {
      params: ZUuidParams,
      body: {
        required: false,
        content: {
          "application/json": {
            schema: z.object({ email: z.string().optional(), access_code: z.string().optional().meta({ description: "6 digits" }) }),
          },
        },
      },
    },
    responses: {
      200: json(ZViewerSessionResponse, "A viewer session."),
      202: json(ZCodeSentResponse, "A code is on its way (email_code, authorized_only)."),
      410: gone,
      ...errorResponses(400, 401, 403, 404, 422, 429),
      503: json(z.object({ message: z.string(), code: z.literal("MAIL_UNAVAILABLE") }), "The code could not be e-mailed."),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/public/tracking/{uuid}/location",
    tags: ["Public tracking"],
    summary: "Where the vehicle is",
    description:
      "The public location object of the link's vehicle (null until it has reported), while the link may be watched. " +
      "403 OUTSIDE_SCHEDULE before its start and outside its schedule. 60 requests a minute per session; unknown " +
      "tokens 120 a minute per IP. A session the link no longer admits (a stricter access mode, an address taken off " +
      "the list) is 401. A route-based link (ours) adds `stop`: the stop its distance_km and eta_minutes refer to (a " +
      "passenger's own stop, else the run's next stop), null when there is none.",
    security: viewerSessionSecurity,
    request: { params: ZUuidParams },
    responses: {
      200: json(z.object({ data: z.object({ location: ZPublicLocation.nullable(), stop: ZPublicStop.nullable().optional() }) }), "The location."),
      410: gone,
      ...errorResponses(401, 403, 404, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/public/tracking/{uuid}/run",
    tags: ["Public tracking"],
    summary: "The day's run of a route-based link",
    description:
      "For a link that follows a route: the day's run in the account's time zone (scheduled or cancelled, its times " +
      "and the run's notice for passengers); null for a link that follows a vehicle and for a day the route does not " +
      "run. Answers outside the schedule too. 60 requests a minute per session; unknown tokens 120 a minute per IP.",
    security: viewerSessionSecurity,
    request: { params: ZUuidParams },
    responses: {
      200: json(z.object({ data: z.object({ run: ZPublicRun.nullable() }) }), "The day's run."),
      410: gone,
      ...errorResponses(401, 403, 404, 429),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/public/tracking/{uuid}/opt-out",
    tags: ["Public tracking"],
    summary: "Stop messages to a passenger",
    description:
      "Only on a passenger's own link (else 404 PASSENGER_LINK_NOT_FOUND): marks the passenger opted out, so " +
      "send-welcome counts them as opted_out until the team clears it. Repeating it keeps the first time. Works while " +
      "the session lasts, also on a disabled link. 10 requests a minute per session; unknown tokens 120 a minute per IP.",
    security: viewerSessionSecurity,
    request: { params: ZUuidParams },
    responses: { 200: json(z.object({ data: ZOptOutResult }), "Messages stopped."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "get",
    path: "/api/public/tracking/{uuid}/approach-alert",
    tags: ["Public tracking"],
    summary: "A passenger's approach alert",
    description:
      "Only on a passenger's own link (else 404 PASSENGER_LINK_NOT_FOUND): whether a message goes out N minutes " +
      "before the bus reaches the passenger's stop, by which channel, and whether it can be turned on. 60 requests a " +
      "minute per session.",
    security: viewerSessionSecurity,
    request: { params: ZUuidParams },
    responses: { 200: json(z.object({ data: ZApproachAlert }), "The alert's setting."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/public/tracking/{uuid}/approach-alert",
    tags: ["Public tracking"],
    summary: "Turn a passenger's approach alert on, change it or turn it off",
    description:
      "Only on a passenger's own link (else 404 PASSENGER_LINK_NOT_FOUND). `minutes` 1 to 30: one message per run " +
      "(e-mail when the passenger has an address, else SMS) once the bus's estimated arrival at the first of the " +
      "passenger's stops still ahead is that close; null turns it off. Turning it on is refused with 409 " +
      "PASSENGER_OPTED_OUT after the passenger stopped messages, and with 422 PASSENGER_UNREACHABLE when there is " +
      "neither an e-mail address nor a mobile number. 10 requests a minute per session.",
    security: viewerSessionSecurity,
    request: { params: ZUuidParams, body: { content: { "application/json": { schema: ZApproachAlertSetting } } } },
    responses: {
      200: json(z.object({ data: ZApproachAlert }), "The alert's new setting."),
      ...errorResponses(401, 403, 404, 409, 415, 422, 429),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/broadcasting/auth",
    tags: ["Public tracking"],
    summary: "Authorise the tracking channel",
    description:
      "Pusher private-channel authorisation for `private-tracking.{uuid}` of the session's own link (form-encoded as " +
      "pusher-js sends it, or JSON). Answers `{auth: \"public-tracking:<hex HMAC-SHA256>\"}`. 60 requests a minute " +
      "per IP.",
    security: viewerSessionSecurity,
    request: {
      body: {
        content: {
          "application/x-www-form-urlencoded": { schema: ZChannelAuthRequest },
          "application/json": { schema: ZChannelAuthRequest },
        },
      },
    },
    responses: {
      200: json(z.object({ auth: z.string() }), "The subscription's signature."),
      ...errorResponses(401, 403, 422, 429),
    },
  });
}
