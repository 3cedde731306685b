// Vehicle control through CAN adapters (/api/{accountKey}/asset/{assetId}/control...) and the tracker's command log
// (/api/{accountKey}/tracker/{trackerId}/commands). Rules and reasons: docs/vehicle-control.md.
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ZCommandListQuery } from "../../../modules/vehicle-control/list-tracker-commands";
import { ZProvisionProgramNumber } from "../../../modules/vehicle-control/provision-program-number";
import {
  ZControlCapabilities,
  ZControlCommandDto,
  ZControlRefusal,
  ZControlRequest,
  ZControlResult,
  ZProvisioningDto,
} from "../../../modules/vehicle-control/vehicle-control.schema";
import { ZAccountPathParams } from "../../rest.schema";
import { errorResponses, oauth } from "../common";

const json = (schema: z.ZodType, description: string) => ({ description, content: { "application/json": { schema } } });
const success = <T extends z.ZodType>(schema: T) => z.object({ status: z.literal("success"), data: schema });

export function registerVehicleControlPaths(registry: OpenAPIRegistry): void {
  const assetParams = ZAccountPathParams.extend({ assetId: z.string().meta({ description: "The asset's id." }) });
  const commandParams = assetParams.extend({ commandId: z.string().meta({ description: "The command's id." }) });
  const trackerParams = ZAccountPathParams.extend({ trackerId: z.string().meta({ description: "The tracker's id." }) });
  const refusal = ZControlRefusal.meta({ id: "ControlRefusal" });
  const command = success(ZControlCommandDto).meta({ id: "ControlCommandResponse" });

  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/asset/{assetId}/control/capabilities",
    tags: ["Vehicle control"],
    summary: "What may be sent to the vehicle now",
    description:
      "Computed from the adapter kind, its program number, the vehicle profile, whether the tracker is connected and " +
      "how fresh and still the last report is. Show only the actions whose value is true.",
    security: oauth("control:write"),
    request: { params: assetParams },
    responses: { 200: json(success(ZControlCapabilities).meta({ id: "ControlCapabilitiesResponse" }), "The capabilities."), ...errorResponses(401, 403, 404, 429) },
  });
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/asset/{assetId}/control",
    tags: ["Vehicle control"],
    summary: "Send a control command (lock, unlock, trunk, immobilise)",
    description:
      "IMMOBILISE needs confirm true. Every command is a toggle and is never resent: poll its state. Policy refusals " +
      "(protocol_has_no_commands, no_adapter_detected, adapter_is_read_only, program_number_not_set, vehicle_profile_unmatched, " +
      "requires_immo_adapter_variant, not_supported_by_vehicle, confirmation_required) answer 422; the vehicle's " +
      "state now (device_offline, stale_position, state_not_fresh, vehicle_moving, ignition_unknown, ignition_on, cooldown) answers " +
      "200; both with the body below. state_not_fresh and ignition_unknown are Fleetline's, beyond the spec's reasons.",
    security: oauth("control:write"),
    request: { params: assetParams, body: { content: { "application/json": { schema: ZControlRequest } } } },
    responses: {
      202: json(ZControlResult.meta({ id: "ControlResult" }), "The command reached the vehicle's tracker."),
      200: json(refusal, "Refused for the vehicle's state now; may succeed later."),
      422: json(z.union([refusal, z.object({ message: z.string(), code: z.string() })]), "Refused by policy, or an invalid body (VALIDATION_FAILED)."),
      ...errorResponses(400, 401, 403, 404, 429),
    },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/asset/{assetId}/control/{commandId}",
    tags: ["Vehicle control"],
    summary: "A command's state",
    description: "delivered_awaiting_vehicle_confirmation, then confirmed (by the device's answer or the reported lock state), failed or expired.",
    security: oauth("control:write"),
    request: { params: commandParams },
    responses: { 200: json(command, "The command."), ...errorResponses(401, 403, 404, 429) },
  });
  const provisioning = success(ZProvisioningDto).meta({ id: "ProvisioningResponse" });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/asset/{assetId}/control/program-number",
    tags: ["Vehicle control"],
    summary: "The adapter's program number and provisioning state",
    security: oauth("control:write"),
    request: { params: assetParams },
    responses: { 200: json(provisioning, "The provisioning state."), ...errorResponses(401, 403, 404, 422, 429) },
  });
  registry.registerPath({
    method: "post",
    path: "/api/{accountKey}/asset/{assetId}/control/program-number",
    tags: ["Vehicle control"],
    summary: "Set the adapter's program number remotely, then verify it",
    description:
      "Reads the adapter info (lvcangetinfo), refuses with 422 ADAPTER_SOFTWARE_TOO_OLD unless the adapter's software " +
      "date is newer than the scheme's date, writes the number (lvcansetprog) and reads it back (lvcangetprog). " +
      "409 DEVICE_OFFLINE when the tracker is not connected or does not answer. The client's member must be an admin " +
      "(403 FORBIDDEN otherwise, e.g. for a fleet manager's client, which holds control:write too).",
    security: oauth("control:write"),
    request: { params: assetParams, body: { content: { "application/json": { schema: ZProvisionProgramNumber } } } },
    responses: { 200: json(provisioning, "verified or mismatch, with the number read back."), ...errorResponses(401, 403, 404, 409, 422, 429) },
  });
  registry.registerPath({
    method: "get",
    path: "/api/{accountKey}/tracker/{trackerId}/commands",
    tags: ["Vehicle control"],
    summary: "The tracker's command log",
    description: "Every command sent to the tracker, newest first, with who sent it, when, and how it ended.",
    security: oauth("assets:read"),
    request: { params: trackerParams, query: ZCommandListQuery },
    responses: {
      200: json(z.object({ data: z.array(ZControlCommandDto), next_cursor: z.string().nullable() }), "One page of commands."),
      ...errorResponses(401, 403, 404, 422, 429),
    },
  });
}
