// Fuel and odometer entries for integrators: /api/{accountKey}/odometer-entry (readings under the sequence rule) and
// /api/{accountKey}/fuel-entry (fill-ups with consumption figures, tracker flags and a per-asset summary).
// docs/fleet-records.md has the rules.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  MAX_FUEL_ENTRIES_PER_ASSET,
  ZFuelEntryBody,
  ZFuelEntryDto,
  ZFuelEntryPage,
  ZFuelListQuery,
  ZFuelSummary,
  ZFuelSummaryQuery,
} from "../../../modules/fuel-entries/fuel-entries.schema";
import {
  MAX_MANUAL_READINGS_PER_ASSET,
  ZOdometerEntryBody,
  ZOdometerEntryDto,
  ZOdometerEntryPage,
  ZOdometerListQuery,
} from "../../../modules/odometer-entries/odometer-entries.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const created = (schema: z.ZodType, description: string) => ({
  ...json(schema, description),
  headers: { Location: { schema: { type: "string" as const }, description: "The new resource's path in this API." } },
});
const bodyOf = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema } } });

const ODOMETER = "/api/{accountKey}/odometer-entry";
const FUEL = "/api/{accountKey}/fuel-entry";
const ZEntryParams = ZAccountPathParams.extend({ entryId: z.string().meta({ description: "The entry's id." }) });
const SEQUENCE =
  "A reading lower than an earlier one (by date) or higher than a later one is refused with 422 ODOMETER_OUT_OF_SEQUENCE unless it is marked as a reset.";

export function registerFuelOdometerPaths(registry: OpenAPIRegistry): void {
  const odometerTag = "Odometer entries";
  const ZOdometerAnswer = z.object({ data: ZOdometerEntryDto });
  registry.registerPath({
    method: "get",
    path: ODOMETER,
    tags: [odometerTag],
    summary: "List odometer readings",
    description: "Newest first (read_at, then id), one page at a time; filters combine. An unknown asset_id gives an empty page.",
    security: oauth("assets:read"),
    request: { params: ZAccountPathParams, query: ZOdometerListQuery },
    responses: { 200: json(ZOdometerEntryPage, "One page of readings."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: ODOMETER,
    tags: [odometerTag],
    summary: "Record an odometer reading",
    description:
      `${SEQUENCE} Checked under a per-asset lock. Compared with the tracker's odometer at read_at (flag odometer_mismatch). ` +
      `At most ${MAX_MANUAL_READINGS_PER_ASSET.toLocaleString("en")} manual and tracker readings per asset (422 QUOTA_EXCEEDED).`,
    security: oauth("assets:write"),
    request: { params: ZAccountPathParams, body: bodyOf(ZOdometerEntryBody) },
    responses: { 201: created(ZOdometerAnswer, "The reading."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: `${ODOMETER}/{entryId}`,
    tags: [odometerTag],
    summary: "Read an odometer reading",
    security: oauth("assets:read"),
    request: { params: ZEntryParams },
    responses: { 200: json(ZOdometerAnswer, "The reading."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: `${ODOMETER}/{entryId}`,
    tags: [odometerTag],
    summary: "Replace an odometer reading",
    description: `${SEQUENCE} Un-marking or moving a reset that later readings need is 409 ODOMETER_RESET_IN_USE; readings of fuel entries and polls are not edited here (409).`,
    security: oauth("assets:write"),
    request: { params: ZEntryParams, body: bodyOf(ZOdometerEntryBody) },
    responses: { 200: json(ZOdometerAnswer, "The reading as stored."), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: `${ODOMETER}/{entryId}`,
    tags: [odometerTag],
    summary: "Delete an odometer reading",
    description: "A reset that later readings need is 409 ODOMETER_RESET_IN_USE; a fuel entry's reading goes with the fuel entry (409).",
    security: oauth("assets:write"),
    request: { params: ZEntryParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 409, 429) },
  });

  const fuelTag = "Fuel entries";
  const ZFuelAnswer = z.object({ data: ZFuelEntryDto });
  registry.registerPath({
    method: "get",
    path: FUEL,
    tags: [fuelTag],
    summary: "List fuel entries",
    description: "Newest first (filled_at, then id), each with its consumption figures and tracker flags.",
    security: oauth("assets:read"),
    request: { params: ZAccountPathParams, query: ZFuelListQuery },
    responses: { 200: json(ZFuelEntryPage, "One page of fuel entries."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: FUEL,
    tags: [fuelTag],
    summary: "Record a fuel entry",
    description:
      `Two of volume, price per unit and total give the third (both price and total: they must agree, else 422 on total). ` +
      `The odometer is written as an odometer entry with source fuel_entry (unless void): ${SEQUENCE} (422 on odometer_km; odometer_reset marks it). ` +
      `At most ${MAX_FUEL_ENTRIES_PER_ASSET.toLocaleString("en")} entries per asset.`,
    security: oauth("assets:write"),
    request: { params: ZAccountPathParams, body: bodyOf(ZFuelEntryBody) },
    responses: { 201: created(ZFuelAnswer, "The fuel entry with its figures."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: `${FUEL}/summary`,
    tags: [fuelTag],
    summary: "Summarise one asset's fuel entries",
    description: "Totals of the entries in [from, to), the average L/100 km and cost per km of the intervals closed in it, and each closed interval for a chart.",
    security: oauth("assets:read"),
    request: { params: ZAccountPathParams, query: ZFuelSummaryQuery },
    responses: { 200: json(z.object({ data: ZFuelSummary }), "The summary."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: `${FUEL}/{entryId}`,
    tags: [fuelTag],
    summary: "Read a fuel entry",
    security: oauth("assets:read"),
    request: { params: ZEntryParams },
    responses: { 200: json(ZFuelAnswer, "The fuel entry."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: `${FUEL}/{entryId}`,
    tags: [fuelTag],
    summary: "Replace a fuel entry",
    description: `Every field replaced; void it with \`"void": true\` (its odometer reading is removed). The asset's figures are recomputed. ${SEQUENCE}`,
    security: oauth("assets:write"),
    request: { params: ZEntryParams, body: bodyOf(ZFuelEntryBody) },
    responses: { 200: json(ZFuelAnswer, "The fuel entry as stored."), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
  });
  registry.registerPath({
    method: "delete",
    path: `${FUEL}/{entryId}`,
    tags: [fuelTag],
    summary: "Delete a fuel entry",
    description: "With its odometer reading (409 ODOMETER_RESET_IN_USE when that is a reset later readings need).",
    security: oauth("assets:write"),
    request: { params: ZEntryParams },
    responses: { 204: { description: "Deleted." }, ...errorResponses(401, 403, 404, 409, 429) },
  });
}
