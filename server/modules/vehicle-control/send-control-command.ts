// POST .../control: checks the action against the capabilities (policy refusals, then confirmation, then the
// vehicle's state), takes the cooldown (atomically, across nodes), writes the Codec 12 command to the tracker's
// session, records it, and answers as soon as the device's session took it. The device's answer settles the command
// later (control-commands.ts).
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

export async function sendControlCommand(input: SendInput): Promise<SendControlResult> {
  const { facts, tracker } = await loadControlContext(input);
  const policy = policyRefusal(facts, input.action);
  if (policy) return refused(policy);
  if (REQUIRES_CONFIRMATION.includes(input.action) && !input.confirm) return refused("confirmation_required");
  const device = deviceRefusal(facts, input.action);
  if (device || !tracker) return refused(device ?? "no_adapter_detected");

  const settings = controlSettings();
  const claim = await claimCooldown(input.assetId, input.action, settings.cooldownMs);
  if (!claim) return refused("cooldown");

  const command = ACTION_COMMANDS[input.action];
  const sentAt = new Date();
  const delivery = await deviceCommands()
    ?.deliver(tracker.id, command, settings.answerTimeoutMs)
    .catch(async (error: unknown) => {
      await releaseCooldown(input.assetId, input.action, claim);
      throw error;
    });
  if (!delivery) {
    await releaseCooldown(input.assetId, input.action, claim); // nothing was sent: the next request may try at once
    return refused("device_offline"); // the session closed between the check and the write
  }
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

/**
 * Takes the cooldown of this vehicle and action for `cooldownMs`, atomically, before anything is delivered: one
 * conditional upsert, so of several requests at once, on one node or several, exactly one gets a row back (the
 * others wait on the row's lock, then see an `until` still ahead). The database's clock decides, so nodes whose
 * clocks differ agree. Returns the claim's end, or null while an earlier claim holds.
 */
async function claimCooldown(assetId: number, action: ControlAction, cooldownMs: number): Promise<Date | null> {
  const rows = await db().$queryRaw<{ until: Date }[]>`
    INSERT INTO control_cooldowns (asset_id, action, until)
    VALUES (${assetId}, ${action}, clock_timestamp() + ${cooldownMs} * interval '1 millisecond')
    ON CONFLICT (asset_id, action) DO UPDATE SET until = EXCLUDED.until
      WHERE control_cooldowns.until <= clock_timestamp()
    RETURNING until`;
  return rows[0]?.until ?? null;
}

/** gives a claim back when nothing reached the vehicle (only this claim: a later one is left alone) */
async function releaseCooldown(assetId: number, action: ControlAction, until: Date): Promise<void> {
  await db().controlCooldown.deleteMany({ where: { assetId, action, until } });
}
