// The import service ({integrations_url} = /api/v1/{accountKey}/imports): rows, job results, target discovery and
// the older route sync. API keys only; docs/imports.md has the parsing and matching rules.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { IMPORT_LIMITS, IMPORT_TARGETS, ZImportJobResult } from "../../../modules/imports/imports.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { apiKeySecurity, errorResponses } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const BASE = "/api/v1/{accountKey}/imports";

const ZRowsBody = z.object({
  target: z.enum(IMPORT_TARGETS),
  rows: z
    .array(z.record(z.string(), z.unknown()))
    .meta({ description: "Row objects of the target's fields (GET /targets lists them); routes nest their stops in `stops`." }),
});

const ZTargetField = z.object({
  name: z.string(),
  required: z.boolean(),
  type: z.string(),
  forms: z.array(z.string()).optional(),
  description: z.string(),
});

const ZTargets = z.object({
  data: z.array(
    z.object({
      target: z.enum(IMPORT_TARGETS),
      description: z.string(),
      row_counting: z.string(),
      matching: z.string(),
      fields: z.array(ZTargetField),
      stop_fields: z.array(ZTargetField).optional(),
      limits: z
        .object({ rows_answered_at_once: z.number(), max_rows_per_call: z.number(), row_calls_per_minute: z.number(), max_body_bytes: z.number() })
        .meta({ description: "The limits of a rows call (the same for every target)." }),
    }),
  ),
  next_cursor: z.null().meta({ description: "Always null: every target is on the one page." }),
});

const tooLarge = json(
  z.object({ message: z.string(), code: z.enum(["IMPORT_TOO_LARGE", "PAYLOAD_TOO_LARGE"]) }),
  `More than ${IMPORT_LIMITS.maxRows.toLocaleString("en")} rows, each stop counting (IMPORT_TOO_LARGE; counted while ` +
    `the body is read, so the rest of it is not read), or a body above ${IMPORT_LIMITS.maxBodyBytes / (1024 * 1024)} MiB ` +
    "(PAYLOAD_TOO_LARGE): nothing imported.",
);

export function registerImportPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: "post",
    path: `${BASE}/rows`,
    tags: ["Import service"],
    summary: "Import routes, runs or passengers",
    description:
      `Up to ${IMPORT_LIMITS.syncRows} rows (each stop counts as a row) are imported at once: 200 with the finished job. ` +
      `${IMPORT_LIMITS.syncRows + 1} to ${IMPORT_LIMITS.maxRows.toLocaleString("en")} rows answer 202 with a pending job, ` +
      "processed in the background (read it with GET /{id}). An unknown field anywhere or a malformed body refuses the " +
      "whole call (422, nothing imported); a row that cannot be imported is left out with an entry in `errors` and the " +
      `others go in. ${IMPORT_LIMITS.callsPerMinute} calls a minute per API key. The key's member must be an admin, ` +
      "fleet manager or office staff (403 otherwise).",
    security: apiKeySecurity,
    request: { params: ZAccountPathParams, body: { content: { "application/json": { schema: ZRowsBody } } } },
    responses: {
      200: json(ZImportJobResult, "The rows were imported (left-out rows are listed in errors)."),
      202: json(ZImportJobResult, "Queued: status pending."),
      413: tooLarge,
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: `${BASE}/{id}`,
    tags: ["Import service"],
    summary: "Read an import job",
    description: "A pending job shows its progress so far in stats and errors; done or failed once processed.",
    security: apiKeySecurity,
    request: { params: ZAccountPathParams.extend({ id: z.string().meta({ description: "The job's id." }) }) },
    responses: { 200: json(ZImportJobResult, "The job's result."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "get",
    path: `${BASE}/targets`,
    tags: ["Import service"],
    summary: "List import targets and their fields",
    description: "Every target with its fields (required or not, type, accepted forms), matching rules and the limits of a rows call, as a collection `{data, next_cursor}` on one page.",
    security: apiKeySecurity,
    request: { params: ZAccountPathParams },
    responses: { 200: json(ZTargets, "The targets."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "post",
    path: `${BASE}/routes/sync`,
    tags: ["Import service"],
    summary: "Move a route onto another vehicle",
    description: "The older call: only the route's vehicle changes. 404 ROUTE_NOT_FOUND for a route number not imported.",
    security: apiKeySecurity,
    request: {
      params: ZAccountPathParams,
      body: { content: { "application/json": { schema: z.object({ route_number: z.string(), vehicle: z.string().meta({ description: "plate or name" }) }) } } },
    },
    responses: {
      200: json(z.object({ route_id: z.number(), route_number: z.string(), vehicle: z.object({ id: z.number(), name: z.string(), plate: z.string().nullable() }) }), "The route's new vehicle."),
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });
}
