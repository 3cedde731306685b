// The command log: every Codec 12 command sent for vehicle control or adapter provisioning, who sent it, and how it
// ended. A command is never sent again by the server (CAN commands are toggles): its state only moves forward from
// delivered_awaiting_vehicle_confirmation to confirmed, failed or expired, once (docs/vehicle-control.md).
import { db } from "../../db/client";
import { AWAITING, type CommandState } from "./control-actions";
import { isFailureAnswer } from "./adapter-answers";
import { controlSettings } from "./control-settings";

/** who sent a command: a dashboard user or an OAuth client of the REST API */
export type CommandSender =
  | { kind: "user"; userId: number; name: string }
  | { kind: "api_client"; clientId: string; name: string; userId?: number };

export interface ControlCommandDto {
  id: number;
  asset_id: number | null;
  tracker_id: number | null;
  action: string;
  command: string;
  state: CommandState;
  confirmed_by: "device_response" | "vehicle_state" | null;
  answer: string | null;
  failure_reason: string | null;
  sent_by: { kind: "user" | "api_client"; user_id: number | null; client_id: string | null; name: string };
  created_at: string;
  delivered_at: string | null;
  answered_at: string | null;
  finished_at: string | null;
}

export const commandSelect = {
  id: true,
  assetId: true,
  trackerId: true,
  action: true,
  command: true,
  state: true,
  confirmedBy: true,
  answer: true,
  failureReason: true,
  userId: true,
  clientId: true,
  sentBy: true,
  createdAt: true,
  deliveredAt: true,
  answeredAt: true,
  finishedAt: true,
} as const;

type CommandRow = {
  id: number;
  assetId: number | null;
  trackerId: number | null;
  action: string;
  command: string;
  state: string;
  confirmedBy: string | null;
  answer: string | null;
  failureReason: string | null;
  userId: number | null;
  clientId: string | null;
  sentBy: string;
  createdAt: Date;
  deliveredAt: Date | null;
  answeredAt: Date | null;
  finishedAt: Date | null;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toCommandDto(row: CommandRow): ControlCommandDto {
  return {
    id: row.id,
    asset_id: row.assetId,
    tracker_id: row.trackerId,
    action: row.action,
    command: row.command,
    state: row.state as CommandState,
    confirmed_by: row.confirmedBy as ControlCommandDto["confirmed_by"],
    answer: row.answer,
    failure_reason: row.failureReason,
    sent_by: { kind: row.clientId ? "api_client" : "user", user_id: row.userId, client_id: row.clientId, name: row.sentBy },
    created_at: row.createdAt.toISOString(),
    delivered_at: iso(row.deliveredAt),
    answered_at: iso(row.answeredAt),
    finished_at: iso(row.finishedAt),
  };
}

/** records a command the device's session took (it was written to the device) */
export async function recordDeliveredCommand(input: {
  accountId: number;
  assetId: number;
  trackerId: number;
  action: string;
  command: string;
  sender: CommandSender;
  /** when the command was written to the device's session */
  sentAt?: Date;
}): Promise<{ id: number }> {
  const now = input.sentAt ?? new Date();
  return db().controlCommand.create({
    data: {
      accountId: input.accountId,
      assetId: input.assetId,
      trackerId: input.trackerId,
      action: input.action,
      command: input.command,
      userId: input.sender.userId ?? null,
      clientId: input.sender.kind === "api_client" ? input.sender.clientId : null,
      sentBy: input.sender.name,
      state: AWAITING,
      createdAt: now,
      deliveredAt: now,
    },
    select: { id: true },
  });
}

/** moves a command on from awaiting, once; false when it had already ended */
export async function finishCommand(
  id: number,
  outcome: { state: Exclude<CommandState, typeof AWAITING>; confirmedBy?: "device_response" | "vehicle_state"; answer?: string; failureReason?: string },
): Promise<boolean> {
  const now = new Date();
  const { count } = await db().controlCommand.updateMany({
    where: { id, state: AWAITING },
    data: {
      state: outcome.state,
      confirmedBy: outcome.confirmedBy ?? null,
      ...(outcome.answer !== undefined && { answer: outcome.answer, answeredAt: now }),
      failureReason: outcome.failureReason ?? null,
      finishedAt: now,
    },
  });
  return count > 0;
}

/**
 * Follows a delivered control command to its end: the device's answer confirms it (or, naming an error, fails it);
 * no answer in time expires it, unless the vehicle's reported state confirmed it first. Never resends.
 */
export function settleFromAnswer(id: number, answer: Promise<string>): Promise<void> {
  return answer.then(
    async (text) => {
      if (isFailureAnswer(text)) await finishCommand(id, { state: "failed", answer: text, failureReason: "device_refused" });
      else await finishCommand(id, { state: "confirmed", confirmedBy: "device_response", answer: text });
    },
    async (error: Error) => {
      await finishCommand(id, { state: "expired", failureReason: error.message });
    },
  );
}

/**
 * A command left awaiting past its answer time (the process that sent it stopped before the device answered) is
 * expired when it is next read.
 */
export async function expireOverdue(where: { id?: number; trackerId?: number; assetId?: number }): Promise<void> {
  const before = new Date(Date.now() - controlSettings().answerTimeoutMs - 5_000);
  await db().controlCommand.updateMany({
    where: { ...where, state: AWAITING, deliveredAt: { lt: before } },
    data: { state: "expired", failureReason: "no answer from the device in time", finishedAt: new Date() },
  });
}
