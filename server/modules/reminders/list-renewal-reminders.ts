// One page of an account's renewal reminders in id order, each evaluated now; filters: asset, driver, kind, and the
// last evaluated status. A group-limited member's `scope` keeps those of their assets and every driver's
// (renewal-scope.ts).
import { db } from "../../db/client";
import { type AssetScope, wholeFleet } from "../asset-scope/asset-scope";
import { decodeCursor, pageById } from "../paging";
import type { ReminderStatus } from "./reminder-arithmetic";
import type { RenewalKind, RenewalReminderDto } from "./reminders.schema";
import { evaluateRenewals, renewalSelect } from "./renewal-reminder-view";
import { scopedRenewalWhere } from "./renewal-scope";
import { accountTimeZone } from "./service-reminder-view";

export async function listRenewalReminders(input: {
  accountId: number;
  assetId?: number;
  driverId?: number;
  kind?: RenewalKind;
  statuses?: ReminderStatus[];
  cursor?: string | null;
  limit?: number;
  scope?: AssetScope;
  now?: number;
}): Promise<{ data: RenewalReminderDto[]; next_cursor: string | null }> {
  const limit = input.limit ?? 100;
  const after = input.cursor ? decodeCursor(input.cursor) : 0;
  const rows = await db().renewalReminder.findMany({
    where: {
      accountId: input.accountId,
      id: { gt: after },
      ...scopedRenewalWhere(input.scope ?? wholeFleet(input.accountId)),
      ...(input.assetId !== undefined ? { assetId: input.assetId } : {}),
      ...(input.driverId !== undefined ? { driverId: input.driverId } : {}),
      ...(input.kind ? { kind: input.kind } : {}),
      ...(input.statuses ? { status: { in: input.statuses } } : {}),
    },
    select: renewalSelect,
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  const page = pageById(rows, limit, (row) => row);
  const timeZone = await accountTimeZone(input.accountId);
  return { data: evaluateRenewals(page.data, { now: input.now ?? Date.now(), timeZone }).map((e) => e.dto), next_cursor: page.next_cursor };
}
