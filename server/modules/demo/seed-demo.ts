// The demo account a new embedded database starts with, so `npm start` shows a working platform at once: a fleet
// that exercises what the product does (docs/operations.md "The demo"). The admin password is random and announced
// once by the server. Each demo vehicle has a simulated tracker, which the server drives over its own listeners
// while it runs (server/simulator). Seeding again puts back what is missing and duplicates nothing.
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import type { Logger } from "pino";
import { hashSecret } from "../../security/hashing";
import { randomToken } from "../../security/random";
import { DEMO_IMEI_PREFIX, DEMO_SCHOOL_BUS, DEMO_VEHICLES } from "./demo-vehicles";
import { ensureDemoVehicles } from "./ensure-demo-vehicles";
import { ensureDemoDrivers, ensureDemoGroupsAndTags } from "./ensure-demo-organisation";
import { ensureDemoAlertRules } from "./ensure-demo-alert-rules";
import { ensureDemoRoutes } from "./ensure-demo-routes";
import { ensureDemoRecords } from "./ensure-demo-records";
import { ensureDemoAuthorisedDrivers } from "./ensure-demo-authorised-drivers";

export const DEMO_ACCOUNT_KEY = "demo";
export const DEMO_ADMIN_EMAIL = "admin@demo.fleetline.local";

/** IMEIs of the demo's Teltonika and GT06 trackers, in seeding order (the phone's device id is generated) */
export const DEMO_IMEIS = DEMO_VEHICLES.flatMap((vehicle) => (vehicle.imei ? [vehicle.imei] : []));
export { DEMO_IMEI_PREFIX };

export interface DemoSignIn {
  accountKey: string;
  email: string;
  password: string;
  /** the uuid of the demo's public tracking link (the school bus, as its passengers see it) */
  trackingLinkUuid: string;
}

/** the demo vehicle whose passengers follow it through a public tracking link */
export const DEMO_TRACKED_ASSET = DEMO_SCHOOL_BUS;

/** what seedDemoAccount did: the sign-in to announce (only when it created the account) and the account's id */
export interface DemoAccountSeed {
  signIn: DemoSignIn | null;
  accountId: number;
}

/**
 * Everything the demo shows, seeded at once: seedDemoAccount, then seedDemoContents. Returns the sign-in to announce
 * when this call created the account, else null.
 */
export async function seedDemo(prisma: Db, options: { now?: number; logger?: Logger } = {}): Promise<DemoSignIn | null> {
  const seeded = await seedDemoAccount(prisma, options);
  await seedDemoContents(seeded.accountId, options);
  return seeded.signIn;
}

/**
 * What the server needs before it announces the demo: the account and its admin when missing, and the school bus
 * with its public link. The rest (seedDemoContents) the server seeds in the background, so the
 * demo adds no seconds to the start-up.
 */
export async function seedDemoAccount(prisma: Db, options: { logger?: Logger } = {}): Promise<DemoAccountSeed> {
  const existing = await prisma.account.findUnique({ where: { key: DEMO_ACCOUNT_KEY }, select: { id: true } });
  const created = existing ? null : await createDemoAccount(prisma);
  const accountId = existing?.id ?? created!.accountId;
  const vehicles = await ensureDemoVehicles(accountId, { only: [DEMO_TRACKED_ASSET], logger: options.logger });
  const trackingLinkUuid = await ensureBusLink(prisma, accountId, vehicles.get(DEMO_TRACKED_ASSET));
  const signIn = created && trackingLinkUuid
    ? { accountKey: DEMO_ACCOUNT_KEY, email: DEMO_ADMIN_EMAIL, password: created.password, trackingLinkUuid }
    : null;
  return { signIn, accountId };
}

/**
 * Everything else the demo shows that the account lacks: the other vehicles, drivers (their iButton keys on the lists
 * of the vehicles they drive), groups, tags, places and alert rules, routes with
 * today's runs and passengers, reminders, fill-ups and a report schedule, each through its module's use case and only
 * in the demo account. The alert rules come first, so they watch the vehicles from their first minute of driving.
 */
export async function seedDemoContents(accountId: number, options: { now?: number; logger?: Logger } = {}): Promise<void> {
  const now = options.now ?? Date.now();
  await ensureDemoAlertRules(accountId);
  const vehicles = await ensureDemoVehicles(accountId, { logger: options.logger });
  const drivers = await ensureDemoDrivers(accountId);
  await ensureDemoAuthorisedDrivers(accountId, vehicles, drivers, options.logger);
  await ensureDemoGroupsAndTags(accountId, vehicles, drivers);
  await ensureDemoRoutes(accountId, vehicles, drivers, now);
  await ensureDemoRecords(accountId, vehicles, drivers, now);
}

async function createDemoAccount(prisma: Db): Promise<{ accountId: number; password: string }> {
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
  return { accountId: account.id, password };
}

/** the school bus's public link, as its passengers follow it (the one the console announces) */
async function ensureBusLink(prisma: Db, accountId: number, assetId: number | undefined): Promise<string | null> {
  if (assetId === undefined) return null;
  const existing = await prisma.trackingLink.findFirst({
    where: { accountId, assetId, accessMode: "public", routeId: null, passengerId: null },
    select: { uuid: true },
    orderBy: { id: "asc" },
  });
  if (existing) return existing.uuid;
  const link = await prisma.trackingLink.create({
    data: { uuid: randomUUID(), accountId, assetId, displayName: `${DEMO_TRACKED_ASSET}, morning run`, accessMode: "public" },
    select: { uuid: true },
  });
  return link.uuid;
}
