// POST .../control: checks the action against the capabilities (policy refusals, then confirmation, then the
// vehicle's state, then the cooldown), writes the Codec 12 command to the tracker's session, records it, and answers
// as soon as the device's session took it. The device's answer settles the command later (control-commands.ts).
import { db } from "../../db/client";
import { deviceCommands } from "../devices/device-port";
import { ACTION_COMMANDS, AWAITING, REFUSALS, REQUIRES_CONFIRMATION, type ControlAction, type RefusalReason } from "./control-actions";
import { deviceRefusal, policyRefusal } from "./control-capabilities";
import { recordDeliveredCommand, settleFromAnswer, type CommandSender } from "./control-commands";
import { controlSettings } from "./control-settings";
import { loadControlContext } from "./load-control-context";
import { confirmFromStoredState } from "./observe-adapter-reports";

export type SendControlResult =
  | { kind: "refused"; reason: RefusalReason; refusal: "policy" | "device"; message: string }
  | { kind: "delivered"; commandId: number; action: ControlAction; state: typeof AWAITING };

function refused(reason: RefusalReason): SendControlResult {
  return { kind: "refused", reason, refusal: REFUSALS[reason].kind, message: REFUSALS[reason].message };
}

interface SendInput {
  accountId: number;
  assetId: number;
  action: ControlAction;
  confirm: boolean;
  sender: CommandSender;
}

// One send per vehicle and action at a time on this node: two requests arriving together must not both pass the
// cooldown check and toggle the vehicle twice (docs/vehicle-control.md "Refusals").
const store = globalThis as unknown as { __fleetlineControlSends?: Map<string, Promise<unknown>> };
const inFlight = (store.__fleetlineControlSends ??= new Map());

export function sendControlCommand(input: SendInput): Promise<SendControlResult> {
  const key = `${input.assetId}:${input.action}`;
  const previous = inFlight.get(key) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => send(input));
  const settled = run.catch(() => undefined);
  inFlight.set(key, settled);
  void settled.then(() => {
    if (inFlight.get(key) === settled) inFlight.delete(key);
  });
  return run;
}

async function send(input: SendInput): Promise<SendControlResult> {
  const { facts, tracker } = await loadControlContext(input);
  const policy = policyRefusal(facts, input.action);
  if (policy) return refused(policy);
  if (REQUIRES_CONFIRMATION.includes(input.action) && !input.confirm) return refused("confirmation_required");
  const device = deviceRefusal(facts, input.action);
  if (device || !tracker) return refused(device ?? "no_adapter_detected");

  const settings = controlSettings();
  const recent = await db().controlCommand.findFirst({
    where: { assetId: input.assetId, action: input.action, createdAt: { gt: new Date(Date.now() - settings.cooldownMs) } },
    select: { id: true },
  });
  if (recent) return refused("cooldown");

  const command = ACTION_COMMANDS[input.action];
  const sentAt = new Date();
  const delivery = await deviceCommands()?.deliver(tracker.id, command, settings.answerTimeoutMs);
  if (!delivery) return refused("device_offline"); // the session closed between the check and the write
  delivery.answer.catch(() => undefined); // settled below; never an unhandled rejection if recording fails first
  // recorded before the answer is looked at, so an answer that arrives at once still finds its row
  const { id } = await recordDeliveredCommand({
    accountId: input.accountId,
    assetId: input.assetId,
    trackerId: tracker.id,
    action: input.action,
    command,
    sender: input.sender,
    sentAt,
  });
  await confirmFromStoredState({ id, assetId: input.assetId, action: input.action, sentAt });
  void settleFromAnswer(id, delivery.answer).catch(() => undefined);
  return { kind: "delivered", commandId: id, action: input.action, state: AWAITING };
}
