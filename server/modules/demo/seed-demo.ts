// The demo account a new embedded database starts with, so `npm start` shows a working platform at once.
// The admin password is random and printed once by the server. Each demo vehicle has a simulated tracker, which the
// server drives over its own Teltonika listener while it runs (server/simulator).
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { simulatedImei } from "../assets/imei";
import { hashSecret } from "../../security/hashing";
import { randomToken } from "../../security/random";

export const DEMO_ACCOUNT_KEY = "demo";
export const DEMO_ADMIN_EMAIL = "admin@demo.fleetline.local";

/** The demo fleet: varied enough to show the list, the map and the plan features. */
export const DEMO_ASSETS = [
  { name: "Van 1", plate: "FL-101-DM", brand: "Ford", model: "Transit" },
  { name: "Van 2", plate: "FL-102-DM", brand: "Mercedes-Benz", model: "Sprinter" },
  { name: "Minibus", plate: "FL-201-DM", brand: "Volkswagen", model: "Crafter" },
  { name: "School Bus 4", plate: "FL-204-DM", brand: "Iveco", model: "Daily" },
  { name: "Car 7", plate: "FL-307-DM", brand: "Toyota", model: "Corolla" },
  { name: "Pickup 9", plate: "FL-409-DM", brand: "Nissan", model: "Navara" },
] as const;

/** IMEIs of the demo's simulated trackers (a prefix no real device uses). */
export const DEMO_IMEI_PREFIX = "3500000";
export const DEMO_IMEIS = DEMO_ASSETS.map((_, i) => simulatedImei(i, DEMO_IMEI_PREFIX));

export interface DemoSignIn {
  accountKey: string;
  email: string;
  password: string;
  /** the uuid of the demo's public tracking link (the school bus, as its passengers see it) */
  trackingLinkUuid: string;
}

/** the demo vehicle whose passengers follow it through a public tracking link */
export const DEMO_TRACKED_ASSET = "School Bus 4";

/** Creates the demo account and its admin; returns null when it already exists. */
export async function seedDemo(prisma: Db): Promise<DemoSignIn | null> {
  const existing = await prisma.account.findUnique({ where: { key: DEMO_ACCOUNT_KEY }, select: { id: true } });
  if (existing) return null;
  const password = randomToken(12);
  const account = await prisma.account.create({
    data: {
      key: DEMO_ACCOUNT_KEY,
      name: "Demo Fleet",
      plan: "detailed",
      addonMobility: true,
      addonDriver: true,
      brandingCompanyName: "Demo Fleet",
      brandingPrimaryColor: "#2563eb",
      contactName: "Demo dispatch",
      contactPhone: "+370 5 200 0000",
      contactEmail: "dispatch@demo.fleetline.local",
      timeZone: "Europe/Vilnius", // where the demo fleet drives
      memberships: {
        create: {
          role: "admin",
          user: {
            create: { email: DEMO_ADMIN_EMAIL, name: "Demo Admin", passwordHash: await hashSecret(password) },
          },
        },
      },
    },
    select: { id: true },
  });
  let trackedAssetId = 0;
  for (const [i, asset] of DEMO_ASSETS.entries()) {
    const created = await prisma.asset.create({
      data: { ...asset, accountId: account.id, tracker: { create: { accountId: account.id, imei: DEMO_IMEIS[i]!, canAdapter: "lv-can200" } } },
      select: { id: true },
    });
    if (asset.name === DEMO_TRACKED_ASSET) trackedAssetId = created.id;
  }
  const link = await prisma.trackingLink.create({
    data: { uuid: randomUUID(), accountId: account.id, assetId: trackedAssetId, displayName: "School Bus 4, morning run", accessMode: "public" },
    select: { uuid: true },
  });
  return { accountKey: DEMO_ACCOUNT_KEY, email: DEMO_ADMIN_EMAIL, password, trackingLinkUuid: link.uuid };
}
