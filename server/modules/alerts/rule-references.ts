// A rule may only name assets, asset groups, tags and a geofence of its own account. Unknown ids are field errors (422), not 404s: the
// rule is what is being written, and the caller needs to know which field is wrong.
import { Prisma } from "../../generated/prisma/client";
import { AppError, type FieldError } from "../../errors";
import type { AlertRuleBody } from "./alerts.schema";
import { parseClockMinutes } from "../time/zoned-time";

export async function checkRuleReferences(tx: Prisma.TransactionClient, accountId: number, body: AlertRuleBody): Promise<void> {
  const errors: FieldError[] = [];
  if (body.asset_ids.length > 0) {
    const found = await tx.asset.findMany({ where: { accountId, id: { in: body.asset_ids } }, select: { id: true } });
    const known = new Set(found.map((asset) => asset.id));
    const missing = body.asset_ids.filter((id) => !known.has(id));
    if (missing.length > 0) errors.push({ field: "asset_ids", message: `no such asset in this account: ${missing.join(", ")}` });
  }
  if (body.group_ids.length > 0) {
    const found = await tx.assetGroup.findMany({ where: { accountId, id: { in: body.group_ids } }, select: { id: true } });
    const known = new Set(found.map((group) => group.id));
    const missing = body.group_ids.filter((id) => !known.has(id));
    if (missing.length > 0) errors.push({ field: "group_ids", message: `no such asset group in this account: ${missing.join(", ")}` });
  }
  if (body.tag_ids.length > 0) {
    const found = await tx.tag.findMany({ where: { accountId, id: { in: body.tag_ids } }, select: { id: true } });
    const known = new Set(found.map((tag) => tag.id));
    const missing = body.tag_ids.filter((id) => !known.has(id));
    if (missing.length > 0) errors.push({ field: "tag_ids", message: `no such tag in this account: ${missing.join(", ")}` });
  }
  if (body.type === "GEOFENCE") {
    const geofence = await tx.geofence.findFirst({ where: { id: body.params.geofence_id, accountId }, select: { id: true } });
    if (!geofence) errors.push({ field: "params.geofence_id", message: "no such geofence in this account" });
  }
  if (body.notify) {
    const steps = [{ path: "notify", ids: body.notify.user_ids }, ...body.notify.escalation.map((step, i) => ({ path: `notify.escalation.${i}`, ids: step.user_ids }))];
    const wanted = [...new Set(steps.flatMap((step) => step.ids))];
    if (wanted.length > 0) {
      const members = await tx.membership.findMany({ where: { accountId, userId: { in: wanted } }, select: { userId: true } });
      const known = new Set(members.map((m) => m.userId));
      for (const step of steps) {
        const missing = step.ids.filter((id) => !known.has(id));
        if (missing.length > 0) errors.push({ field: `${step.path}.user_ids`, message: `not a member of this account: ${missing.join(", ")}` });
      }
    }
  }
  if (errors.length > 0) {
    throw new AppError("VALIDATION_FAILED", errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
  }
}

/** The columns of a rule body. */
export function ruleColumns(body: AlertRuleBody) {
  return {
    name: body.name,
    type: body.type,
    enabled: body.enabled,
    assetIds: body.asset_ids,
    groupIds: body.group_ids,
    tagIds: body.tag_ids,
    cooldownS: body.cooldown_s,
    params: body.params as Prisma.InputJsonValue,
    geofenceId: body.type === "GEOFENCE" ? body.params.geofence_id : null,
    notify: body.notify === null ? Prisma.DbNull : (body.notify as Prisma.InputJsonValue),
    activeFrom: body.active_hours ? parseClockMinutes(body.active_hours.from) : null,
    activeTo: body.active_hours ? parseClockMinutes(body.active_hours.to) : null,
  };
}
