// What public viewers send to the team: access requests to authorised-only links, and the link's passenger form
// (read and sent with the viewer session). Decisions, limits and the dashboard side: docs/public-tracking.md.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZAccessRequestBody, ZAccessRequestReceived } from "../../../modules/access-requests/access-requests.schema";
import { ZFormSubmissionBody, ZFormSubmissionReceived, ZPublicLinkForm } from "../../../modules/link-forms/link-forms.schema";
import { errorResponses, viewerSessionSecurity } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const ZUuidParams = z.object({ uuid: z.string().meta({ description: "The tracking link's uuid." }) });
const gone = json(z.object({ message: z.string(), code: z.enum(["LINK_INACTIVE", "LINK_EXPIRED"]) }), "The link is disabled (LINK_INACTIVE) or expired (LINK_EXPIRED).");

export function registerPublicTrackingRequestPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "post",
    path: "/api/public/tracking/{uuid}/access-requests",
    tags: ["Public tracking"],
    summary: "Ask for access to an authorised-only link",
    description:
      "The team approves or rejects the request in the dashboard; an approved address is added to the link's list and " +
      "e-mailed the link. Every accepted request answers 202 alike, whether the address is listed, has asked before or " +
      "was rejected (a rejected address may ask again 24 hours after the decision). 409 LINK_NOT_PRIVATE for links " +
      "that are not authorized_only. 10 requests a minute per IP; 100 new requests an hour per link, at most 5 of them " +
      "from one IP (repeats, listed addresses and cool-downs change nothing and are not counted).",
    security: [],
    request: { params: ZUuidParams, body: { content: { "application/json": { schema: ZAccessRequestBody } } } },
    responses: {
      202: json(ZAccessRequestReceived, "Received."),
      410: gone,
      ...errorResponses(400, 404, 409, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/public/tracking/{uuid}/form",
    tags: ["Public tracking"],
    summary: "The link's form",
    description:
      "The passenger form of the session's link: its title and choices. 404 FORM_NOT_FOUND when the link has none. " +
      "Served outside the link's schedule too. 60 requests a minute per session; unknown tokens 120 a minute per IP.",
    security: viewerSessionSecurity,
    request: { params: ZUuidParams },
    responses: {
      200: json(z.object({ data: ZPublicLinkForm }), "The form."),
      410: gone,
      ...errorResponses(401, 403, 404, 429),
    },
  });
  registry.registerPath({
    method: "post",
    path: "/api/public/tracking/{uuid}/form",
    tags: ["Public tracking"],
    summary: "Send the link's form",
    description:
      "One of the form's choices (exactly as GET form lists it) and an optional message of up to 500 characters, " +
      "shown to the team and announced to the account's webhooks as form_submitted. 10 submissions an hour per session; " +
      "unknown tokens 120 a minute per IP.",
    security: viewerSessionSecurity,
    request: { params: ZUuidParams, body: { content: { "application/json": { schema: ZFormSubmissionBody } } } },
    responses: {
      201: json(z.object({ data: ZFormSubmissionReceived }), "Received."),
      410: gone,
      ...errorResponses(400, 401, 403, 404, 422, 429),
    },
  });
}
