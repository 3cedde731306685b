// Service reminders, service entries and renewal reminders for integrators (docs/fleet-records.md "Service
// reminders", "Service entries", "Renewal reminders"): one generic CRUD registration per resource.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ACCOUNT_QUOTAS, type QuotaResource } from "../../../modules/accounts/account-quotas";
import {
  ZRenewalReminderBody,
  ZRenewalReminderDto,
  ZRenewalReminderListQuery,
  ZRenewalReminderPage,
  ZServiceEntryBody,
  ZServiceEntryDto,
  ZServiceEntryListQuery,
  ZServiceEntryPage,
  ZServiceReminderBody,
  ZServiceReminderDto,
  ZServiceReminderListQuery,
  ZServiceReminderPage,
} from "../../../modules/reminders/reminders.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const bodyOf = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema } } });

interface Resource {
  path: string;
  idParam: string;
  tag: string;
  noun: string;
  quota: QuotaResource;
  body: z.ZodType;
  dto: z.ZodType;
  page: z.ZodType;
  query: z.ZodObject;
  list: string;
  create: string;
  replace: string;
  remove: string;
  conflict?: boolean;
}

function registerResource(registry: OpenAPIRegistry, r: Resource): void {
  const params = ZAccountPathParams.extend({ [r.idParam]: z.string().meta({ description: `The ${r.noun}'s id.` }) });
  const answer = z.object({ data: r.dto });
  const conflict = r.conflict ? ([409] as const) : ([] as const);
  registry.registerPath({
    method: "get",
    path: r.path,
    tags: [r.tag],
    summary: `List ${r.noun}s`,
    description: r.list,
    security: oauth("assets:read"),
    request: { params: ZAccountPathParams, query: r.query },
    responses: { 200: json(r.page, `One page of ${r.noun}s, in id order.`), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: r.path,
    tags: [r.tag],
    summary: `Create a ${r.noun}`,
    description: `${r.create} At most ${ACCOUNT_QUOTAS[r.quota].toLocaleString("en")} an account: 422 QUOTA_EXCEEDED past it.`,
    security: oauth("assets:write"),
    request: { params: ZAccountPathParams, body: bodyOf(r.body) },
    responses: {
      201: { ...json(answer, `The created ${r.noun}.`), headers: { Location: { schema: { type: "string" as const }, description: "The new resource's path in this API." } } },
      ...errorResponses(400, 401, 403, 404, ...conflict, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: `${r.path}/{${r.idParam}}`,
    tags: [r.tag],
    summary: `Read a ${r.noun}`,
    security: oauth("assets:read"),
    request: { params },
    responses: { 200: json(answer, `The ${r.noun}.`), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: `${r.path}/{${r.idParam}}`,
    tags: [r.tag],
    summary: `Replace a ${r.noun}`,
    description: r.replace,
    security: oauth("assets:write"),
    request: { params, body: bodyOf(r.body) },
    responses: { 200: json(answer, `The ${r.noun} as stored.`), ...errorResponses(400, 401, 403, 404, ...conflict, 422, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: `${r.path}/{${r.idParam}}`,
    tags: [r.tag],
    summary: `Delete a ${r.noun}`,
    description: r.remove,
    security: oauth("assets:write"),
    request: { params },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 429) },
  });
}

export function registerReminderPaths(registry: OpenAPIRegistry): void {
  registerResource(registry, {
    path: "/api/{accountKey}/service-reminder",
    idParam: "reminderId",
    tag: "Service reminders",
    noun: "service reminder",
    quota: "service_reminders",
    body: ZServiceReminderBody,
    dto: ZServiceReminderDto,
    page: ZServiceReminderPage,
    query: ZServiceReminderListQuery,
    list: "Each evaluated now against the vehicle's latest odometer and engine hours; `status` filters by the status as last evaluated (at most a few minutes old).",
    create: "A task for one asset, due by distance, engine hours and/or calendar time, whichever first. One reminder per task and asset (409 REMINDER_TASK_TAKEN).",
    replace: "A whole replacement: intervals left out are removed. Moving it to another asset drops the services logged on the old one.",
    remove: "Its service entries stay in the asset's history.",
    conflict: true,
  });
  registerResource(registry, {
    path: "/api/{accountKey}/service-entry",
    idParam: "entryId",
    tag: "Service reminders",
    noun: "service entry",
    quota: "service_entries",
    body: ZServiceEntryBody,
    dto: ZServiceEntryDto,
    page: ZServiceEntryPage,
    query: ZServiceEntryListQuery,
    list: "The account's service history; `asset_id` and `reminder_id` filter it.",
    create: "Logs a service; each reminder in `reminder_ids` (of the same asset) counts its intervals from it. Readings left out are the vehicle's latest; a completed reminder counting distance or engine hours needs one (422).",
    replace: "A whole replacement; reminders it no longer names count again from their previous service.",
    remove: "Undoes its resets: the reminders it completed count from their previous service, or their start.",
  });
  registerResource(registry, {
    path: "/api/{accountKey}/renewal-reminder",
    idParam: "renewalId",
    tag: "Renewal reminders",
    noun: "renewal reminder",
    quota: "renewal_reminders",
    body: ZRenewalReminderBody,
    dto: ZRenewalReminderDto,
    page: ZRenewalReminderPage,
    query: ZRenewalReminderListQuery,
    list: "Each evaluated now; filters: `asset_id`, `driver_id`, `kind`, `status` (as last evaluated). A client of a member limited to some groups lists those of its assets and every driver's.",
    create:
      "A renewal of an asset or a driver: due soon `remind_days_before` days before `expires_on` and on it, overdue from the day after. " +
      "A driver's is 403 FORBIDDEN for a client of a member limited to some groups (drivers are managed account-wide).",
    replace: "A whole replacement. Renewing is a PUT with the new `expires_on`: the reminder resets and notifies again when it next comes due. A driver's: 403 FORBIDDEN for a limited member's client.",
    remove: "Deleted at once. A driver's: 403 FORBIDDEN for a limited member's client.",
  });
}
