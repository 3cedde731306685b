// Program-number provisioning (spec "Provisioning rules"): an admin gives the number and the date printed on the
// vehicle's connection scheme. Each step is a Codec 12 command recorded in the command log, and the tracker's
// provisioning state shows where it stands:
//   1. lvcangetinfo: the adapter's software date (and program number now)
//   2. refused (adapter_software_too_old) unless the software date is newer than the scheme's date
//   3. lvcansetprog <n>: written
//   4. lvcangetprog: verified when it reads back <n>, else mismatch
// Each step waits for the device's answer; a step the device does not answer fails the attempt (nothing is resent).
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { deviceCommands } from "../devices/device-port";
import { isAdapterKind } from "../assets/adapter-kinds";
import { parseInput } from "../parse-input";
import { parseAdapterInfo, parseProgramNumber } from "./adapter-answers";
import { PROVISIONING_ACTIONS } from "./control-actions";
import { finishCommand, recordDeliveredCommand, type CommandSender } from "./control-commands";
import { controlSettings } from "./control-settings";

export const ZProvisionProgramNumber = z.object({
  program_number: z.number({ error: "must be a number" }).int("must be a whole number").min(100, "must be 3 to 5 digits").max(99_999, "must be 3 to 5 digits"),
  scheme_date: z.iso.date("must be a date, YYYY-MM-DD"),
});

export type ProvisioningState = "requested" | "refused" | "written" | "verified" | "mismatch" | "failed";

export interface ProvisioningDto {
  adapter: string | null;
  program_number: number | null;
  program_number_reported_at: string | null;
  software_date: string | null;
  requested_program_number: number | null;
  scheme_date: string | null;
  state: ProvisioningState | null;
  reason: string | null;
  updated_at: string | null;
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

export async function getProvisioning(input: { accountId: number; assetId: number }): Promise<ProvisioningDto> {
  const tracker = await findTracker(input);
  return {
    adapter: isAdapterKind(tracker.canAdapter) ? tracker.canAdapter : null,
    program_number: tracker.adapterProgramNumber || null,
    program_number_reported_at: tracker.adapterProgramReportedAt?.toISOString() ?? null,
    software_date: day(tracker.adapterSoftwareDate),
    requested_program_number: tracker.provisioningNumber,
    scheme_date: day(tracker.provisioningSchemeDate),
    state: tracker.provisioningState as ProvisioningState | null,
    reason: tracker.provisioningReason,
    updated_at: tracker.provisioningUpdatedAt?.toISOString() ?? null,
  };
}

async function findTracker(input: { accountId: number; assetId: number }) {
  const asset = await db().asset.findFirst({
    where: { id: input.assetId, accountId: input.accountId },
    select: {
      tracker: {
        select: {
          id: true,
          canAdapter: true,
          adapterProgramNumber: true,
          adapterProgramReportedAt: true,
          adapterSoftwareDate: true,
          provisioningNumber: true,
          provisioningSchemeDate: true,
          provisioningState: true,
          provisioningReason: true,
          provisioningUpdatedAt: true,
        },
      },
    },
  });
  if (!asset) throw new AppError("ASSET_NOT_FOUND", `asset ${input.assetId} not found`);
  if (!asset.tracker || !isAdapterKind(asset.tracker.canAdapter)) {
    throw new AppError("NO_ADAPTER_DETECTED", "No CAN adapter is fitted to this vehicle's tracker.");
  }
  return asset.tracker;
}

export async function provisionProgramNumber(input: {
  accountId: number;
  assetId: number;
  body: unknown;
  sender: CommandSender;
}): Promise<ProvisioningDto> {
  const { program_number: programNumber, scheme_date: schemeDay } = parseInput(ZProvisionProgramNumber, input.body);
  const schemeDate = new Date(`${schemeDay}T00:00:00Z`);
  const tracker = await findTracker(input);
  const gateway = deviceCommands();
  const setState = (state: ProvisioningState, reason: string | null, extra: Record<string, unknown> = {}) =>
    db().tracker.update({
      where: { id: tracker.id },
      data: { provisioningState: state, provisioningReason: reason, provisioningUpdatedAt: new Date(), ...extra },
    });

  /** sends one step, records it, and resolves with the device's answer (null: no session or no answer) */
  const step = async (action: string, command: string): Promise<string | null> => {
    const delivery = await gateway?.deliver(tracker.id, command, controlSettings().answerTimeoutMs);
    if (!delivery) return null;
    delivery.answer.catch(() => undefined); // awaited below; never an unhandled rejection if recording fails first
    const { id } = await recordDeliveredCommand({ accountId: input.accountId, assetId: input.assetId, trackerId: tracker.id, action, command, sender: input.sender });
    try {
      const answer = await delivery.answer;
      await finishCommand(id, { state: "confirmed", confirmedBy: "device_response", answer });
      return answer;
    } catch (error) {
      await finishCommand(id, { state: "expired", failureReason: (error as Error).message });
      return null;
    }
  };

  await setState("requested", null, { provisioningNumber: programNumber, provisioningSchemeDate: schemeDate });
  const infoAnswer = await step(PROVISIONING_ACTIONS.INFO, "lvcangetinfo");
  const info = infoAnswer === null ? null : parseAdapterInfo(infoAnswer);
  if (!info) {
    const reason = infoAnswer === null ? "device_offline" : "adapter_info_unreadable";
    await setState("failed", reason);
    throw new AppError("DEVICE_OFFLINE", infoAnswer === null ? "The tracker is not connected or did not answer the adapter info command." : `The adapter info answer could not be read: ${infoAnswer}`);
  }
  const now = new Date();
  await db().tracker.update({
    where: { id: tracker.id },
    data: {
      adapterSoftwareDate: info.softwareDate,
      adapterInfoAt: now,
      adapterProgramNumber: info.programNumber,
      adapterProgramReportedAt: now,
    },
  });
  if (!info.softwareDate || info.softwareDate.getTime() <= schemeDate.getTime()) {
    await setState("refused", "adapter_software_too_old");
    throw new AppError(
      "ADAPTER_SOFTWARE_TOO_OLD",
      `The adapter's software date (${day(info.softwareDate) ?? "unknown"}) is not newer than the connection scheme's date (${schemeDay}): the program number cannot be written. Update the adapter's software first.`,
    );
  }

  const setAnswer = await step(PROVISIONING_ACTIONS.SET, `lvcansetprog ${programNumber}`);
  if (setAnswer === null) {
    await setState("failed", "device_offline");
    throw new AppError("DEVICE_OFFLINE", "The tracker did not answer the program number command.");
  }
  await setState("written", null);

  const readBack = await step(PROVISIONING_ACTIONS.GET, "lvcangetprog");
  const reported = readBack === null ? null : parseProgramNumber(readBack);
  if (readBack !== null) {
    await db().tracker.update({ where: { id: tracker.id }, data: { adapterProgramNumber: reported, adapterProgramReportedAt: new Date() } });
  }
  if (reported === programNumber) await setState("verified", null);
  else await setState("mismatch", readBack === null ? "no_read_back" : `read back ${reported ?? "none"}`);
  return getProvisioning(input);
}
