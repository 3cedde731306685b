// How the demo fleet is organised: drivers, asset groups and tags (of vehicles and drivers), each made through its
// module's use case when the demo account lacks it (matched by name), and memberships added, never replaced, so what
// a visitor adds to a demo group or tag stays.
import { db } from "../../db/client";
import { changeGroupAssets } from "../asset-groups/change-group-assets";
import { createAssetGroup } from "../asset-groups/create-asset-group";
import { createDriver } from "../drivers/create-driver";
import { changeTagMembers } from "../tags/change-tag-members";
import { createTag } from "../tags/create-tag";
import { DEMO_DRIVERS } from "./demo-drivers";

export { DEMO_DRIVERS };

export const DEMO_GROUPS = [
  { name: "Deliveries", vehicles: ["Van 1", "Van 2", "Pickup 9", "Courier phone"] },
  { name: "Passenger transport", vehicles: ["Minibus", "School Bus 4"] },
  { name: "Pool and service", vehicles: ["Car 7", "Tow Truck 3"] },
] as const;

export const DEMO_TAGS = [
  { name: "CAN data", color: "#0891b2", vehicles: ["Van 1", "Van 2", "Minibus", "School Bus 4", "Car 7", "Pickup 9"], drivers: [] },
  { name: "Remote lock", color: "#7c3aed", vehicles: ["Car 7"], drivers: [] },
  { name: "Third-party tracker", color: "#ea580c", vehicles: ["Tow Truck 3", "Courier phone"], drivers: [] },
  { name: "School runs", color: "#16a34a", vehicles: ["School Bus 4", "Minibus"], drivers: ["Ona Kazlauskienė", "Rūta Vaitkutė"] },
] as const;

/** the demo drivers' ids by name */
export async function ensureDemoDrivers(accountId: number): Promise<Map<string, number>> {
  const existing = await db().driver.findMany({ where: { accountId }, select: { id: true, name: true }, orderBy: { id: "asc" } });
  const ids = new Map<string, number>();
  for (const driver of existing) if (!ids.has(driver.name)) ids.set(driver.name, driver.id);
  for (const driver of DEMO_DRIVERS) {
    if (ids.has(driver.name)) continue;
    const { name, email, phone } = driver; // the key goes on the vehicles' lists (ensure-demo-authorised-drivers.ts)
    ids.set(driver.name, (await createDriver({ accountId, name, email, phone })).id);
  }
  return ids;
}

function pick(ids: Map<string, number>, names: readonly string[]): number[] {
  return names.flatMap((name) => (ids.has(name) ? [ids.get(name)!] : []));
}

export async function ensureDemoGroupsAndTags(accountId: number, vehicles: Map<string, number>, drivers: Map<string, number>): Promise<void> {
  const groups = await db().assetGroup.findMany({ where: { accountId, parentId: null }, select: { id: true, name: true } });
  for (const group of DEMO_GROUPS) {
    const id = groups.find((g) => g.name.toLowerCase() === group.name.toLowerCase())?.id
      ?? (await createAssetGroup({ accountId, body: { name: group.name } })).id;
    const members = pick(vehicles, group.vehicles);
    const have = await db().assetGroupMember.count({ where: { groupId: id, assetId: { in: members } } });
    if (have < members.length) await changeGroupAssets({ accountId, groupId: id, change: "add", assetIds: members });
  }
  const tags = await db().tag.findMany({ where: { accountId }, select: { id: true, name: true } });
  for (const tag of DEMO_TAGS) {
    const id = tags.find((t) => t.name.toLowerCase() === tag.name.toLowerCase())?.id
      ?? (await createTag({ accountId, body: { name: tag.name, color: tag.color } })).id;
    const assetIds = pick(vehicles, tag.vehicles);
    if ((await db().assetTag.count({ where: { tagId: id, assetId: { in: assetIds } } })) < assetIds.length) {
      await changeTagMembers({ accountId, tagId: id, kind: "asset", change: "add", ids: assetIds });
    }
    const driverIds = pick(drivers, tag.drivers);
    if ((await db().driverTag.count({ where: { tagId: id, driverId: { in: driverIds } } })) < driverIds.length) {
      await changeTagMembers({ accountId, tagId: id, kind: "driver", change: "add", ids: driverIds });
    }
  }
}
