// The demo account a new embedded database starts with, so `npm start` shows a working platform at once.
// The admin password is random and printed once by the server. The demo vehicles have plates but no trackers yet:
// the ingest work fits them with simulated trackers.
import type { Db } from "../../db/client";
import { hashSecret } from "../../security/hashing";
import { randomToken } from "../../security/random";

export const DEMO_ACCOUNT_KEY = "demo";
export const DEMO_ADMIN_EMAIL = "admin@demo.fleetline.local";

/** The demo fleet: varied enough to show the list, the map and the plan features. */
export const DEMO_ASSETS = [
  { name: "Van 1", plate: "FL-101-DM", brand: "Ford", model: "Transit" },
  { name: "Van 2", plate: "FL-102-DM", brand: "Mercedes-Benz", model: "Sprinter" },
  { name: "Minibus", plate: "FL-201-DM", brand: "Volkswagen", model: "Crafter" },
] as const;

export interface DemoSignIn {
  accountKey: string;
  email: string;
  password: string;
}

/** Creates the demo account and its admin; returns null when it already exists. */
export async function seedDemo(prisma: Db): Promise<DemoSignIn | null> {
  const existing = await prisma.account.findUnique({ where: { key: DEMO_ACCOUNT_KEY }, select: { id: true } });
  if (existing) return null;
  const password = randomToken(12);
  await prisma.account.create({
    data: {
      key: DEMO_ACCOUNT_KEY,
      name: "Demo Fleet",
      plan: "detailed",
      addonMobility: true,
      addonDriver: true,
      brandingCompanyName: "Demo Fleet",
      brandingPrimaryColor: "#2563eb",
      memberships: {
        create: {
          role: "admin",
          user: {
            create: { email: DEMO_ADMIN_EMAIL, name: "Demo Admin", passwordHash: await hashSecret(password) },
          },
        },
      },
      assets: { create: DEMO_ASSETS.map((asset) => ({ ...asset })) },
    },
  });
  return { accountKey: DEMO_ACCOUNT_KEY, email: DEMO_ADMIN_EMAIL, password };
}
