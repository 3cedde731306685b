// The passenger page's view of a link on every database kind: the spec's info fields plus contact details, the
// schedule in words and when tracking starts or resumes (in the account's time zone), and nothing of the vehicle,
// the account or the link's private settings.
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { createTrackingLink } from "./create-tracking-link";
import { describeSchedule, getTrackingPage } from "./get-tracking-page";
import type { CreateTrackingLinkInput } from "./tracking-links.schema";
import { updateTrackingLink } from "./update-tracking-link";
import { testImei } from "../../testing/test-imei";

const VIEW_KEYS = [
  "access_mode",
  "branding",
  "contact",
  "display_name",
  "expired_reason",
  "has_destination",
  "is_active",
  "is_expired",
  "is_within_schedule",
  "messages",
  "resumes_at",
  "route_based",
  "schedule",
  "starts_at",
  "status",
  "time_zone",
  "uuid",
];

/** Saturday 3 January 2026, 12:00 in Vilnius (UTC+2 in winter) */
const SATURDAY_NOON = Date.parse("2026-01-03T10:00:00Z");

async function notFound(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  throw new Error("expected LINK_NOT_FOUND");
}

describe.each(databaseKinds())("tracking page view on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function makeLink(input: Omit<CreateTrackingLinkInput, "accountId" | "assetId"> = {}) {
    const account = await createAccount({ name: "Shuttle Co" });
    await t.db.account.update({
      where: { id: account.id },
      data: {
        timeZone: "Europe/Vilnius",
        brandingLogoUrl: "https://cdn.example.test/logo.png",
        brandingPrimaryColor: "#0055aa",
        brandingCompanyName: "Shuttle Co",
        contactName: "Dispatch",
        contactPhone: "+370 600 00000",
        contactEmail: "dispatch@example.test",
      },
    });
    const imei = testImei();
    const asset = await createAsset({ accountId: account.id, name: "Shuttle 3", imei });
    const link = await createTrackingLink({ accountId: account.id, assetId: asset.id, ...input });
    return { account, asset, imei, link };
  }

  it("gives an active link's info, branding, contact details and time zone, and nothing else", async () => {
    const { account, imei, link } = await makeLink({
      displayName: "Airport shuttle",
      accessMode: "authorized_only",
      allowedEmails: ["listed@example.test"],
      branding: { companyName: "Shuttle Co Airport", contactPhone: "+370 611 11111" },
    });
    const view = await getTrackingPage({ uuid: link.uuid });
    expect(view).toEqual({
      uuid: link.uuid,
      display_name: "Airport shuttle",
      access_mode: "authorized_only",
      is_active: true,
      is_expired: false,
      is_within_schedule: true,
      branding: { logo_url: "https://cdn.example.test/logo.png", primary_color: "#0055aa", company_name: "Shuttle Co Airport" },
      status: "active",
      expired_reason: null,
      contact: { name: "Dispatch", phone: "+370 611 11111", email: "dispatch@example.test" },
      time_zone: "Europe/Vilnius",
      schedule: null,
      starts_at: null,
      resumes_at: null,
      has_destination: false,
      route_based: false,
      messages: null,
    });
    expect(Object.keys(view).sort()).toEqual(VIEW_KEYS);
    const text = JSON.stringify(view);
    for (const secret of [imei, account.key, "listed@example.test", `"id"`, `"asset`]) {
      expect(text).not.toContain(secret);
    }
  });

  it("says whether a link is route-based and, for a passenger's own link, whether messages were stopped; never whose it is", async () => {
    const { account, asset } = await makeLink();
    const route = await t.db.route.create({ data: { accountId: account.id, routeNumber: "R9", name: "Morning loop", assetId: asset.id }, select: { id: true } });
    const routed = await createTrackingLink({ accountId: account.id, routeId: route.id });
    expect(await getTrackingPage({ uuid: routed.uuid })).toMatchObject({ display_name: "Morning loop", route_based: true, messages: null });
    const passenger = await t.db.passenger.create({ data: { accountId: account.id, routeId: route.id, name: "Zed Passenger" }, select: { id: true } });
    const own = await t.db.trackingLink.create({
      data: { uuid: crypto.randomUUID(), accountId: account.id, routeId: route.id, passengerId: passenger.id, assetId: asset.id, displayName: "Morning loop", accessMode: "public" },
    });
    expect((await getTrackingPage({ uuid: own.uuid })).messages).toEqual({ opted_out: false });
    await t.db.passenger.update({ where: { id: passenger.id }, data: { optedOutAt: new Date() } });
    const view = await getTrackingPage({ uuid: own.uuid });
    expect(view.messages).toEqual({ opted_out: true });
    expect(JSON.stringify(view)).not.toMatch(/Zed Passenger|R9/);
  });

  it("says whether distance and ETA may come, without the destination itself", async () => {
    const { link } = await makeLink({ destination: { lat: 54.6872, lng: 25.2797, name: "Main school" } });
    const view = await getTrackingPage({ uuid: link.uuid });
    expect(view.has_destination).toBe(true);
    expect(JSON.stringify(view)).not.toMatch(/54\.68|25\.27|Main school/);
  });

  it("tells when a link that has not started starts, in the account's time zone", async () => {
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    startsAt.setUTCHours(6, 30, 0, 0);
    const { link } = await makeLink({ startsAt });
    const view = await getTrackingPage({ uuid: link.uuid });
    expect(view).toMatchObject({ status: "not_started", is_within_schedule: false, is_active: true, is_expired: false });
    expect(view.starts_at).toMatch(/^\d{4}-\d\d-\d\dT0[89]:30:00\+0[23]:00$/); // 06:30 UTC in Vilnius
    expect(Date.parse(view.starts_at!)).toBe(startsAt.getTime());
    expect(view.resumes_at).toBe(view.starts_at);
  });

  it("describes the schedule and tells when tracking resumes outside it", async () => {
    const { link } = await makeLink({ schedule: { days: [1, 2, 3, 4, 5], start: "07:00", end: "09:00" } });
    const weekend = await getTrackingPage({ uuid: link.uuid }, SATURDAY_NOON);
    expect(weekend).toMatchObject({
      status: "outside_schedule",
      is_within_schedule: false,
      schedule: "Mon–Fri 07:00–09:00",
      starts_at: null,
      resumes_at: "2026-01-05T07:00:00+02:00", // Monday morning, local time
    });
    const mondayMorning = await getTrackingPage({ uuid: link.uuid }, Date.parse("2026-01-05T05:30:00Z"));
    expect(mondayMorning).toMatchObject({ status: "active", is_within_schedule: true, resumes_at: null });
  });

  it("names the reason an expired link ended, and marks a disabled one", async () => {
    const { account, link } = await makeLink({ expiresAt: new Date(Date.now() + 3600_000) });
    const later = await getTrackingPage({ uuid: link.uuid }, Date.now() + 2 * 3600_000);
    expect(later).toMatchObject({ status: "expired", is_expired: true, expired_reason: "time_expired", resumes_at: null });

    await updateTrackingLink({ accountId: account.id, linkId: link.id, active: false });
    expect(await getTrackingPage({ uuid: link.uuid })).toMatchObject({ status: "disabled", is_active: false, expired_reason: null });
  });

  it("is LINK_NOT_FOUND for an unknown uuid or text that is no uuid", async () => {
    expect(await notFound(getTrackingPage({ uuid: "00000000-0000-4000-8000-000000000000" }))).toBe("LINK_NOT_FOUND");
    expect(await notFound(getTrackingPage({ uuid: "../../etc" }))).toBe("LINK_NOT_FOUND");
  });
});

describe("describeSchedule", () => {
  const at = (days: number[], until: string | null = null) => describeSchedule({ days, start: 7 * 60, end: 9 * 60 + 30, until });

  it("puts three or more consecutive days as a range and lists the rest", () => {
    expect(at([1, 2, 3, 4, 5])).toBe("Mon–Fri 07:00–09:30");
    expect(at([1, 3, 5])).toBe("Mon, Wed, Fri 07:00–09:30");
    expect(at([6, 7])).toBe("Sat, Sun 07:00–09:30");
    expect(at([1, 2, 3, 5, 6, 7])).toBe("Mon–Wed, Fri–Sun 07:00–09:30");
    expect(at([1, 2, 3, 4, 5, 6, 7])).toBe("Every day 07:00–09:30");
  });

  it("adds the last day and ends a window at midnight as 24:00", () => {
    expect(at([2], "2026-12-18")).toBe("Tue 07:00–09:30 until 18 Dec 2026");
    expect(describeSchedule({ days: [7], start: 20 * 60, end: 1440, until: null })).toBe("Sun 20:00–24:00");
  });
});
