// Request bodies and REST answers of vehicle control (docs/vehicle-control.md), shared by the route handlers,
// the tRPC router and the OpenAPI document.
import { z } from "zod";
import { CONTROL_ACTIONS, type RefusalReason, REFUSALS } from "./control-actions";
import type { SendControlResult } from "./send-control-command";
import type { AuthenticatedClient } from "../oauth/authenticate-access-token";
import type { CommandSender } from "./control-commands";

export const ZControlRequest = z.object({
  action: z.enum(CONTROL_ACTIONS, { error: `must be one of: ${CONTROL_ACTIONS.join(", ")}` }),
  confirm: z.boolean({ error: "must be true or false" }).default(false),
});

/** the REST answer of a refusal: 422 for policy reasons, 200 for the vehicle's state now */
export function refusalBody(reason: RefusalReason, action: string) {
  return { status: "refused" as const, reason, code: reason, action, message: REFUSALS[reason].message };
}

export function controlResponse(result: SendControlResult, action: string): Response {
  if (result.kind === "refused") {
    return Response.json(refusalBody(result.reason, action), {
      status: result.refusal === "policy" ? 422 : 200,
      headers: { "cache-control": "no-store" },
    });
  }
  return Response.json(
    { status: "success", command_id: result.commandId, action: result.action, state: result.state },
    { status: 202, headers: { "cache-control": "no-store" } },
  );
}

export function apiClientSender(auth: Pick<AuthenticatedClient, "client">): CommandSender {
  return { kind: "api_client", clientId: auth.client.clientId, name: auth.client.name, userId: auth.client.userId };
}

// Response shapes for the OpenAPI document (the use cases build these objects; tests check them field by field).
const ZAction = z.enum(CONTROL_ACTIONS);
const ZReason = z.enum(Object.keys(REFUSALS) as [RefusalReason, ...RefusalReason[]]);

export const ZControlCapabilities = z.object({
  adapter: z.enum(["lv-can200", "all-can300", "can-control", "can-control-immo"]).nullable().describe("adapter kind; null: none fitted"),
  program_number: z.number().int().nullable().describe("the adapter's reported program number; null: none set"),
  line_status: z.enum(["ok", "no_commands", "no_adapter", "not_programmed", "offline", "stale"]),
  profile: z
    .object({
      variant: z.string(),
      brand: z.string(),
      model: z.string(),
      comfort_closure: z.boolean(),
      capabilities: z.record(z.string(), z.boolean()).describe("LOCK, UNLOCK, TRUNK, IMMOBILISE, TURN_SIGNALS, HORN"),
    })
    .nullable()
    .describe("the matched vehicle profile; null: vehicle_profile_unmatched"),
  actions: z.record(ZAction, z.boolean()).describe("show only the actions that are true"),
  reasons: z.partialRecord(ZAction, ZReason).describe("why each false action is false"),
  requires_confirmation: z.array(ZAction),
});

export const ZControlResult = z.object({
  status: z.literal("success"),
  command_id: z.number().int(),
  action: ZAction,
  state: z.literal("delivered_awaiting_vehicle_confirmation"),
});

export const ZControlRefusal = z.object({
  status: z.literal("refused"),
  reason: ZReason,
  code: ZReason,
  action: z.string(),
  message: z.string(),
});

export const ZControlCommandDto = z.object({
  id: z.number().int(),
  asset_id: z.number().int().nullable(),
  tracker_id: z.number().int().nullable(),
  action: z.string().describe("LOCK, UNLOCK, TRUNK, IMMOBILISE, or PROGRAM_SET, PROGRAM_GET, ADAPTER_INFO"),
  command: z.string().describe("the Codec 12 text sent"),
  state: z.enum(["delivered_awaiting_vehicle_confirmation", "confirmed", "failed", "expired"]),
  confirmed_by: z.enum(["device_response", "vehicle_state"]).nullable(),
  answer: z.string().nullable().describe("the device's text answer"),
  failure_reason: z.string().nullable(),
  sent_by: z.object({
    kind: z.enum(["user", "api_client"]),
    user_id: z.number().int().nullable(),
    client_id: z.string().nullable(),
    name: z.string(),
  }),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  answered_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

export const ZProvisioningDto = z.object({
  adapter: z.string().nullable(),
  program_number: z.number().int().nullable(),
  program_number_reported_at: z.string().nullable(),
  software_date: z.string().nullable().describe("YYYY-MM-DD, from the adapter info answer"),
  requested_program_number: z.number().int().nullable(),
  scheme_date: z.string().nullable(),
  state: z.enum(["requested", "refused", "written", "verified", "mismatch", "failed"]).nullable(),
  reason: z.string().nullable(),
  updated_at: z.string().nullable(),
});
