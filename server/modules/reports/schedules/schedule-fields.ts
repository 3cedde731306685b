// A schedule body (REST or dashboard, already parsed) to the row's fields: assets, group and tag checked against the
// account (422 on asset_ids / group_id / tag_id, as for other bodies naming another account's rows), addresses lowercased and de-duplicated, and the
// next run computed in the account's zone.
import { db } from "../../../db/client";
import { AppError } from "../../../errors";
import { Prisma } from "../../../generated/prisma/client";
import type { ReportScheduleBody } from "./report-schedules.schema";
import { nextRunAt } from "./schedule-timing";

export async function scheduleFields(accountId: number, body: ReportScheduleBody, now = Date.now()) {
  const account = await db().account.findUniqueOrThrow({ where: { id: accountId }, select: { timeZone: true } });
  const assetIds = body.asset_ids === "all" ? [] : [...new Set(body.asset_ids)];
  if (assetIds.length > 0) {
    const found = await db().asset.findMany({ where: { accountId, id: { in: assetIds } }, select: { id: true } });
    const known = new Set(found.map((asset) => asset.id));
    const unknown = assetIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const message = `unknown asset${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`;
      throw new AppError("VALIDATION_FAILED", `asset_ids: ${message}`, [{ field: "asset_ids", message }]);
    }
  }
  const groupId = body.group_id ?? null;
  const tagId = body.tag_id ?? null;
  if (groupId !== null && !(await db().assetGroup.findFirst({ where: { id: groupId, accountId }, select: { id: true } }))) {
    throw new AppError("VALIDATION_FAILED", `group_id: unknown group ${groupId}`, [{ field: "group_id", message: `unknown group ${groupId}` }]);
  }
  if (tagId !== null && !(await db().tag.findFirst({ where: { id: tagId, accountId }, select: { id: true } }))) {
    throw new AppError("VALIDATION_FAILED", `tag_id: unknown tag ${tagId}`, [{ field: "tag_id", message: `unknown tag ${tagId}` }]);
  }
  const timing = {
    frequency: body.frequency,
    weekday: body.frequency === "weekly" ? (body.weekday ?? null) : null,
    dayOfMonth: body.frequency === "monthly" ? (body.day_of_month ?? null) : null,
    localTime: body.time,
  };
  return {
    name: body.name,
    type: body.type,
    assetIds,
    allAssets: body.asset_ids === "all",
    groupId,
    tagId,
    ...timing,
    format: body.format,
    period: body.period ?? null,
    options: body.options ? (body.options as Prisma.InputJsonValue) : Prisma.DbNull,
    recipients: [...new Set(body.recipients.map((address) => address.trim().toLowerCase()))],
    enabled: body.enabled,
    nextRunAt: body.enabled ? nextRunAt(timing, now, account.timeZone) : null,
  };
}
