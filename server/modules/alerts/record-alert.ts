// Stores a fired alert with its position and returns the hub message for it (the caller publishes it), or null when
// it turns out to repeat what was already alerted (DTC codes seen again after a restart).
import type { Db } from "../../db/client";
import type { Prisma } from "../../generated/prisma/client";
import type { AlertMessage, AlertRuleType, EventPosition } from "../stream/channel-messages";
import type { Firing } from "./rules/rule-evaluator";

export interface AlertDraft {
  accountId: number;
  assetId: number;
  rule: { id: number; name: string; type: AlertRuleType };
  firing: Firing;
  position: EventPosition | null;
}

export async function recordAlert(prisma: Db, draft: AlertDraft): Promise<AlertMessage | null> {
  const firing = draft.firing.type === "DTC_DETECTED" && draft.firing.baseline ? await withoutRepeats(prisma, draft) : draft.firing;
  if (!firing) return null;
  const { position } = draft;
  const row = await prisma.alert.create({
    data: {
      accountId: draft.accountId,
      assetId: draft.assetId,
      ruleId: draft.rule.id,
      ruleName: draft.rule.name,
      type: firing.type,
      firedAt: new Date(firing.firedAt),
      message: firing.message,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      speed: position === null ? null : Math.round(position.speed),
      course: position === null ? null : Math.round(position.course),
      positionAt: position === null ? null : new Date(position.dateUpdated),
      wsSeq: position?.wsSeq ?? null,
      street: position?.address?.street ?? null,
      town: position?.address?.town ?? null,
      country: position?.address?.country ?? null,
      details: firing.details as Prisma.InputJsonValue,
    },
    select: { id: true },
  });
  return {
    version: 1,
    accountId: draft.accountId,
    assetId: draft.assetId,
    id: row.id,
    rule: draft.rule,
    type: firing.type,
    firedAt: firing.firedAt,
    message: firing.message,
    position,
    details: firing.details,
  } as AlertMessage;
}

/** a baseline DTC firing without the codes (or count) the rule's last alert for the asset already reported */
async function withoutRepeats(prisma: Db, draft: AlertDraft): Promise<Firing | null> {
  const firing = draft.firing;
  if (firing.type !== "DTC_DETECTED") return firing;
  const last = await prisma.alert.findFirst({
    where: { ruleId: draft.rule.id, assetId: draft.assetId, type: "DTC_DETECTED" },
    orderBy: { id: "desc" },
    select: { details: true },
  });
  if (!last) return firing;
  const previous = last.details as { codes?: string[]; count?: number | null };
  if (firing.details.codes.length === 0) {
    // count-only adapters: a count the last alert already reached is not news
    return (previous.count ?? 0) >= (firing.details.count ?? 0) ? null : firing;
  }
  const known = new Set(previous.codes ?? []);
  const newCodes = firing.details.newCodes.filter((code) => !known.has(code));
  if (newCodes.length === 0) return null;
  return { ...firing, details: { ...firing.details, newCodes }, message: `Fault codes detected: ${newCodes.join(", ")}` };
}
