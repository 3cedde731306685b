// Every account on the platform with its plan and add-ons, for the platform operator (the dashboard's "Platform
// accounts"); newest first. Members are counted so the operator can tell a live account from an empty one.
import { db } from "../../db/client";
import type { AccountPlan } from "./update-account-plan";

export interface PlatformAccount extends AccountPlan {
  members: number;
  assets: number;
  createdAt: Date;
}

export async function listAllAccounts(): Promise<PlatformAccount[]> {
  const rows = await db().account.findMany({
    orderBy: { id: "desc" },
    select: {
      id: true,
      key: true,
      name: true,
      plan: true,
      addonMobility: true,
      addonDriver: true,
      createdAt: true,
      _count: { select: { memberships: true, assets: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    plan: row.plan,
    addons: [...(row.addonMobility ? ["mobility" as const] : []), ...(row.addonDriver ? ["driver" as const] : [])],
    members: row._count.memberships,
    assets: row._count.assets,
    createdAt: row.createdAt,
  }));
}
