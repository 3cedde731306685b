// Tracking links for integrators (/api/{accountKey}/tracking-links): list, create, read, replace and delete, with
// every setting of the dashboard's link form. docs/public-tracking.md "Managing links over REST" has the rules.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  ZTrackingLinkBody,
  ZTrackingLinkPage,
  ZTrackingLinkQuery,
  ZTrackingLinkResponse,
} from "../../../modules/tracking-links/tracking-links-rest.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const BASE = "/api/{accountKey}/tracking-links";
const TAG = "Tracking links";
const ZLinkParams = ZAccountPathParams.extend({ uuid: z.string().meta({ description: "The link's uuid." }) });
const body = { required: true, content: { "application/json": { schema: ZTrackingLinkBody } } };
const VIEWERS =
  "Disabling (`active: false`) sends the link's viewers `link.expired` (reason disabled) and closes them with 4004 at once.";

export function registerTrackingLinkPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "get",
    path: BASE,
    tags: [TAG],
    summary: "List tracking links",
    description: "The account's tracking links, newest first, one page at a time; the filters combine.",
    security: oauth("tracking:read"),
    request: { params: ZAccountPathParams, query: ZTrackingLinkQuery },
    responses: { 200: json(ZTrackingLinkPage, "One page of links."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: BASE,
    tags: [TAG],
    summary: "Create a tracking link",
    description:
      "A link follows a vehicle (`asset_id`) or a route (`route_id`); every other field has a default. Unknown fields " +
      "are refused, as are an asset or route of another account (422 on `asset_id` / `route_id`). The answer's `url` " +
      "is the page to share; for a public link it is the key to the vehicle's position.",
    security: oauth("tracking:write"),
    request: { params: ZAccountPathParams, body },
    responses: {
      201: {
        ...json(ZTrackingLinkResponse, "The created link."),
        headers: { Location: { schema: { type: "string" }, description: "The link's path in this API." } },
      },
      ...errorResponses(400, 401, 403, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: `${BASE}/{uuid}`,
    tags: [TAG],
    summary: "Read a tracking link",
    security: oauth("tracking:read"),
    request: { params: ZLinkParams },
    responses: { 200: json(ZTrackingLinkResponse, "The link."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: `${BASE}/{uuid}`,
    tags: [TAG],
    summary: "Replace a tracking link's settings",
    description:
      "The whole link, as for creating it: a field left out takes its default (branding overrides left out go back " +
      "to the account's). The uuid, the address and the viewers' sessions stay. Only what differs from the stored " +
      "link changes: a time limit, destination, start or schedule sent back unchanged neither re-arms an expired link " +
      "nor is refused for lying in the past; a changed one re-arms it. A passenger's own link keeps its route " +
      `(route_id must be the passenger's). ${VIEWERS}`,
    security: oauth("tracking:write"),
    request: { params: ZLinkParams, body },
    responses: { 200: json(ZTrackingLinkResponse, "The link as stored."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: `${BASE}/{uuid}`,
    tags: [TAG],
    summary: "Delete a tracking link",
    description:
      "The link, its viewer sessions and access codes are removed; its viewers get `link.expired` (reason disabled) " +
      "and are closed with 4003 (link not found) at once.",
    security: oauth("tracking:write"),
    request: { params: ZLinkParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 429) },
  });
}
