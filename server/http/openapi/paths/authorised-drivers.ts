// The authorised-drivers endpoints of vehicle control (/api/{accountKey}/asset/{assetId}/authorised-drivers...).
// Shapes and the sync states: docs/vehicle-control.md "Authorised drivers".
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  successEnvelope,
  ZAuthorisedDriverList,
  ZImmobiliserSetting,
  ZReplaceAuthorisedDrivers,
  ZSyncStatus,
} from "../../../modules/authorised-drivers/authorised-drivers.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });

export function registerAuthorisedDriverPaths(registry: OpenAPIRegistry): void {
  const params = ZAccountPathParams.extend({ assetId: z.string().meta({ description: "The asset id." }) });
  const list = successEnvelope(ZAuthorisedDriverList).meta({ id: "AuthorisedDriverListResponse" });
  const status = successEnvelope(ZSyncStatus).meta({ id: "AuthorisedDriverSyncStatusResponse" });
  const base = "/api/{accountKey}/asset/{assetId}/authorised-drivers";
  const tags = ["Vehicle control"];

  registry.registerPath({
    method: "get",
    path: base,
    tags,
    summary: "Read the authorised-driver list",
    description:
      "The asset's current list (what the tracker should hold), the immobiliser setting and the sync state. Key ids " +
      "are in full only for tokens with control:write; others get them masked to their last 4 hex digits " +
      "(`••••••••••••F708`).",
    security: oauth("assets:read"),
    request: { params },
    responses: { 200: json(list, "The current list."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "put",
    path: base,
    tags,
    summary: "Replace the authorised-driver list",
    description:
      "Replaces the whole list; the difference is queued to the tracker (iButton list over Codec 12) and pushed " +
      "while it is connected, with retries while it is not. Refused as a whole (422, every problem in `errors`) for " +
      "a bad key id, a key given twice, more keys than the tracker's list holds, an unknown driver_id, or an empty " +
      "list while the immobiliser is on.",
    security: oauth("control:write"),
    request: { params, body: { content: { "application/json": { schema: ZReplaceAuthorisedDrivers } } } },
    responses: { 200: json(list, "The list as stored, with its sync state."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: `${base}/sync-status`,
    tags,
    summary: "Read the authorised-driver sync status",
    description:
      "synced, syncing or out_of_sync. While out_of_sync the vehicle enforces its previous list: `enforced` is what " +
      "the tracker last confirmed, `pending` what is still to be written, `last_error` why the last attempt failed. " +
      "Key ids (also inside `last_error.message`) are masked to their last 4 hex digits unless the token has control:write.",
    security: oauth("assets:read"),
    request: { params },
    responses: { 200: json(status, "The sync status."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "post",
    path: `${base}/immobiliser`,
    tags,
    summary: "Set the immobiliser for authorised drivers",
    description:
      "Enables or disables the tracker's immobiliser scenario with the iButton list check (only listed keys start " +
      "the vehicle). Queued to the tracker like the list. Enabling with an empty list is refused (422).",
    security: oauth("control:write"),
    request: { params, body: { content: { "application/json": { schema: ZImmobiliserSetting } } } },
    responses: { 200: json(list, "The list and setting as stored, with the sync state."), ...errorResponses(400, 401, 403, 404, 422, 429) },
  });
}
