// Alert rules (/api/{accountKey}/alert), fired alerts (/api/{accountKey}/fired-alert) and geofences
// (/api/{accountKey}/geofence). Payload details per rule and alert type: docs/alerts.md.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { ZAlertDeliveries } from "../../../modules/notifications/list-alert-deliveries";
import { ZAcknowledgement } from "../../../modules/notifications/acknowledge-alert";
import { z } from "zod";
import {
  ZAlertRuleBody,
  ZAlertRuleDto,
  ZAlertRulePage,
  ZFiredAlertDto,
  ZFiredAlertPage,
  ZFiredAlertQuery,
} from "../../../modules/alerts/alerts.schema";
import { ZGeofenceBody, ZGeofenceDto, ZGeofencePage } from "../../../modules/geofences/geofences.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { ZPageQuery } from "../../../modules/paging";
import { errorResponses, oauth } from "../common";
import { ACCOUNT_QUOTAS } from "../../../modules/accounts/account-quotas";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const one = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export function registerAlertPaths(registry: OpenAPIRegistry): void {
  const ruleParams = ZAccountPathParams.extend({ ruleId: z.string().meta({ description: "The alert rule's id." }) });
  const alertParams = ZAccountPathParams.extend({ alertId: z.string().meta({ description: "The fired alert's id." }) });
  const geofenceParams = ZAccountPathParams.extend({ geofenceId: z.string().meta({ description: "The geofence's id." }) });
  const ruleBody = { content: { "application/json": { schema: ZAlertRuleBody } } };
  const geofenceBody = { content: { "application/json": { schema: ZGeofenceBody } } };
  const rule = one(ZAlertRuleDto).meta({ id: "AlertRuleResponse" });
  const geofence = one(ZGeofenceDto).meta({ id: "GeofenceResponse" });
  const fired = one(ZFiredAlertDto).meta({ id: "FiredAlertResponse" });

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/alert",
    tags: ["Alerts"],
    summary: "List alert rules",
    description: "The account's alert rules in id order, one page at a time.",
    security: oauth("alerts:read"),
    request: { params: ZAccountPathParams, query: ZPageQuery },
    responses: { 200: json(ZAlertRulePage, "One page of rules."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/alert",
    tags: ["Alerts"],
    summary: "Create an alert rule",
    description:
      "Types: OVERSPEED, GEOFENCE (enter/exit), IGNITION (on/off), IDLING, LOW_VOLTAGE, DTC_DETECTED, DEVICE_ALARM, CONNECTIVITY " +
      "(offline/online after a silence). `asset_ids`, `group_ids` (each group with its subgroups) and `tag_ids` all empty means every asset; otherwise the rule watches an asset listed, in one of the groups or carrying one of the tags, as they are when a position is evaluated. Takes effect for the next position. " +
      `At most ${ACCOUNT_QUOTAS.alert_rules.toLocaleString("en")} rules an account: 422 QUOTA_EXCEEDED with \`quota\` past it.`,
    security: oauth("alerts:write"),
    request: { params: ZAccountPathParams, body: ruleBody },
    responses: {
      201: { ...json(rule, "The created rule."), headers: { Location: { schema: { type: "string" }, description: "The rule's path." } } },
      ...errorResponses(400, 401, 403, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/alert/{ruleId}",
    tags: ["Alerts"],
    summary: "Read an alert rule",
    security: oauth("alerts:read"),
    request: { params: ruleParams },
    responses: { 200: json(rule, "The rule."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/{accountKey}/alert/{ruleId}",
    tags: ["Alerts"],
    summary: "Replace an alert rule",
    description: "The whole rule, as for creating it (omitted optional fields take their defaults). The rule starts afresh.",
    security: oauth("alerts:write"),
    request: { params: ruleParams, body: ruleBody },
    responses: { 200: json(rule, "The rule as stored."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/{accountKey}/alert/{ruleId}",
    tags: ["Alerts"],
    summary: "Delete an alert rule",
    description: "Its fired alerts stay, with the rule's name (their rule id becomes null).",
    security: oauth("alerts:write"),
    request: { params: ruleParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 429) },
  });

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/fired-alert",
    tags: ["Alerts"],
    summary: "List fired alerts",
    description: "Alerts that fired, newest first, with the position they fired at. The live stream's alert messages carry the same id.",
    security: oauth("alerts:read"),
    request: { params: ZAccountPathParams, query: ZFiredAlertQuery },
    responses: { 200: json(ZFiredAlertPage, "One page of fired alerts."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/fired-alert/{alertId}",
    tags: ["Alerts"],
    summary: "Read a fired alert",
    security: oauth("alerts:read"),
    request: { params: alertParams },
    responses: { 200: json(fired, "The fired alert."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/fired-alert/{alertId}/deliveries",
    tags: ["Alerts"],
    summary: "List a fired alert's notifications",
    description: "Every message of the alert (e-mail, SMS, in-app, webhook, escalation steps) with each try (docs/notifications.md).",
    security: oauth("alerts:read"),
    request: { params: alertParams },
    responses: { 200: json(one(ZAlertDeliveries).meta({ id: "AlertDeliveriesResponse" }), "The alert's notifications."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/fired-alert/{alertId}/acknowledge",
    tags: ["Alerts"],
    summary: "Acknowledge a fired alert",
    description: "Stops a critical alert's escalation and records who and when; acknowledging again answers the first acknowledgement.",
    security: oauth("alerts:write"),
    request: { params: alertParams },
    responses: { 200: json(one(ZAcknowledgement).meta({ id: "AlertAcknowledgementResponse" }), "The acknowledgement."), ...errorResponses(401, 403, 404, 429) },
  });

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/geofence",
    tags: ["Geofences"],
    summary: "List geofences",
    security: oauth("alerts:read"),
    request: { params: ZAccountPathParams, query: ZPageQuery },
    responses: { 200: json(ZGeofencePage, "One page of geofences."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/geofence",
    tags: ["Geofences"],
    summary: "Create a geofence",
    description:
      "A circle (centre and radius in metres) or a polygon (its corners in order). " +
      `At most ${ACCOUNT_QUOTAS.geofences.toLocaleString("en")} geofences an account: 422 QUOTA_EXCEEDED with \`quota\` past it.`,
    security: oauth("alerts:write"),
    request: { params: ZAccountPathParams, body: geofenceBody },
    responses: {
      201: { ...json(geofence, "The created geofence."), headers: { Location: { schema: { type: "string" }, description: "The geofence's path." } } },
      ...errorResponses(400, 401, 403, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/geofence/{geofenceId}",
    tags: ["Geofences"],
    summary: "Read a geofence",
    security: oauth("alerts:read"),
    request: { params: geofenceParams },
    responses: { 200: json(geofence, "The geofence."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: "/api/{accountKey}/geofence/{geofenceId}",
    tags: ["Geofences"],
    summary: "Replace a geofence",
    description: "Name and shape; rules watching it use the new shape from the next position.",
    security: oauth("alerts:write"),
    request: { params: geofenceParams, body: geofenceBody },
    responses: { 200: json(geofence, "The geofence as stored."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: "/api/{accountKey}/geofence/{geofenceId}",
    tags: ["Geofences"],
    summary: "Delete a geofence",
    description: "Refused with 409 GEOFENCE_IN_USE while an alert rule watches it.",
    security: oauth("alerts:write"),
    request: { params: geofenceParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 409, 429) },
  });
}
