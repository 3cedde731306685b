// Tracking-link use cases on every database kind: creating with defaults and validation, account isolation,
// updating (disable, re-arm), the scheduler's transitions (once in a cluster), and arrival expiry's compare-and-set.
import { describe, expect, it } from "vitest";
import { log } from "../../log";
import { appFailure } from "../../testing/app-failure";
import { useRecordingHub } from "../../testing/recording-hub";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { createAccount } from "../accounts/create-account";
import { createAsset } from "../assets/create-asset";
import { createTrackingLink } from "./create-tracking-link";
import { deleteTrackingLink } from "./delete-tracking-link";
import { disableTrackingLink } from "./disable-tracking-link";
import { expireTrackingLink } from "./expire-tracking-link";
import { findTrackingLink } from "./find-tracking-link";
import { getTrackingLink } from "./get-tracking-link";
import { startLinkScheduler } from "./link-scheduler";
import { listTrackingLinks } from "./list-tracking-links";
import { purgeEndedSessions } from "./purge-ended-sessions";
import { updateTrackingLink } from "./update-tracking-link";

describe.each(databaseKinds())("tracking links on %s", (kind) => {
  const t = useTestDatabase(kind);
  const { events: announced, settle } = useRecordingHub("tracking-link.changed");

  async function fleet(timeZone = "Europe/Vilnius") {
    const account = await createAccount({ name: "Links fleet" });
    await t.db.account.update({ where: { id: account.id }, data: { timeZone } });
    const { id: assetId } = await createAsset({ accountId: account.id, name: "Bus 7" });
    return { accountId: account.id, assetId };
  }

  it("creates a public link with the spec's defaults and a page address", async () => {
    const { accountId, assetId } = await fleet();
    const link = await createTrackingLink({ accountId, assetId });
    expect(link).toMatchObject({
      display_name: "Bus 7",
      access_mode: "public",
      asset: { id: assetId, name: "Bus 7" },
      is_active: true,
      is_expired: false,
      is_within_schedule: true,
      status: "active",
      session_minutes: 240, // spec: 4 hours by default
      destination: null,
      schedule: null,
    });
    expect(link.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(link.url).toBe(`http://localhost:0/t/${link.uuid}`);
    await settle();
    expect(announced).toContainEqual({ accountId, linkId: link.id, uuid: link.uuid });
  });

  it("refuses bad input with field errors, and other accounts' vehicles and links", async () => {
    const { accountId, assetId } = await fleet();
    const other = await fleet();
    expect(await appFailure(createTrackingLink({ accountId, assetId, accessMode: "authorized_only" }))).toEqual({
      code: "VALIDATION_FAILED",
      fields: ["allowedEmails"],
    });
    expect(await appFailure(createTrackingLink({ accountId, assetId, expiresAt: new Date(Date.now() - 1000) }))).toMatchObject({ fields: ["expiresAt"] });
    expect(
      await appFailure(createTrackingLink({ accountId, assetId, schedule: { days: [1], start: "09:00", end: "08:00" } })),
    ).toMatchObject({ fields: ["schedule.end"] });
    expect(await appFailure(createTrackingLink({ accountId, assetId, destination: { lat: 95, lng: 0 } }))).toMatchObject({
      fields: ["destination.lat"],
    });
    expect(await appFailure(createTrackingLink({ accountId, assetId, sessionMinutes: 1 }))).toMatchObject({ fields: ["sessionMinutes"] });
    expect(await appFailure(createTrackingLink({ accountId, assetId: other.assetId }))).toEqual({ code: "ASSET_NOT_FOUND", fields: [] });
    const theirs = await createTrackingLink({ accountId: other.accountId, assetId: other.assetId });
    expect(await appFailure(getTrackingLink({ accountId, linkId: theirs.id }))).toMatchObject({ code: "LINK_NOT_FOUND" });
    expect(await appFailure(deleteTrackingLink({ accountId, linkId: theirs.id }))).toMatchObject({ code: "LINK_NOT_FOUND" });
  });

  it("keeps schedules, destinations, lists and branding overrides, and lists newest first by vehicle", async () => {
    const { accountId, assetId } = await fleet();
    const { id: otherAsset } = await createAsset({ accountId, name: "Van 2" });
    const first = await createTrackingLink({
      accountId,
      assetId,
      displayName: "Morning run",
      accessMode: "authorized_only",
      allowedEmails: ["Parent@Example.test", "parent@example.test", "other@example.test"],
      destination: { lat: 54.6872, lng: 25.2797, name: "School" },
      schedule: { days: [5, 1, 1], start: "7:00", end: "09:30", until: "2027-06-20" },
      branding: { primaryColor: "#AA3300", companyName: "School Buses Ltd" },
    });
    expect(first).toMatchObject({
      allowed_emails: ["parent@example.test", "other@example.test"],
      destination: { lat: 54.6872, lng: 25.2797, name: "School", radius_m: 200 },
      schedule: { days: [1, 5], start: "07:00", end: "09:30", until: "2027-06-20" },
      branding: { primary_color: "#aa3300", company_name: "School Buses Ltd", logo_url: null },
    });
    const second = await createTrackingLink({ accountId, assetId: otherAsset });
    expect((await listTrackingLinks({ accountId })).data.map((link) => link.id)).toEqual([second.id, first.id]);
    expect((await listTrackingLinks({ accountId, assetId })).data.map((link) => link.id)).toEqual([first.id]);
    const page = await listTrackingLinks({ accountId, limit: 1 });
    expect((await listTrackingLinks({ accountId, limit: 1, cursor: page.next_cursor })).data.map((link) => link.id)).toEqual([first.id]);
  });

  it("disables (by id or uuid), re-enables and re-arms an expired link when its limits change", async () => {
    const { accountId, assetId } = await fleet();
    const link = await createTrackingLink({ accountId, assetId, destination: { lat: 54.7, lng: 25.3 } });
    expect(await updateTrackingLink({ accountId, linkId: link.id, active: false })).toMatchObject({ is_active: false, status: "disabled" });
    expect(await updateTrackingLink({ accountId, linkId: link.id, active: true })).toMatchObject({ is_active: true, status: "active" });
    expect(await disableTrackingLink({ uuid: link.uuid.toUpperCase() })).toEqual({ uuid: link.uuid, is_active: false });
    await updateTrackingLink({ accountId, linkId: link.id, active: true });

    await expireTrackingLink({ accountId, linkId: link.id, uuid: link.uuid, reason: "arrival", at: new Date() });
    expect(await getTrackingLink({ accountId, linkId: link.id })).toMatchObject({ is_expired: true, expired_reason: "arrival", status: "expired" });
    // renaming does not re-arm; a new destination does
    expect(await updateTrackingLink({ accountId, linkId: link.id, displayName: "Renamed" })).toMatchObject({ is_expired: true });
    expect(await updateTrackingLink({ accountId, linkId: link.id, destination: { lat: 54.8, lng: 25.4 } })).toMatchObject({
      is_expired: false,
      expired_reason: null,
      status: "active",
    });
    expect(await appFailure(disableTrackingLink({ uuid: "not-a-uuid" }))).toMatchObject({ code: "LINK_NOT_FOUND" });
  });

  it("expires on arrival once, however many nodes see the arrival", async () => {
    const { accountId, assetId } = await fleet();
    const link = await createTrackingLink({ accountId, assetId, destination: { lat: 54.7, lng: 25.3 } });
    const at = new Date();
    const results = await Promise.all(
      [1, 2, 3].map(() => expireTrackingLink({ accountId, linkId: link.id, uuid: link.uuid, reason: "arrival", at })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("schedules: expires at the time limit and at the schedule's end, flips the window, and is claimed once", async () => {
    const { accountId, assetId } = await fleet("UTC");
    const now = Date.now();
    const limited = await createTrackingLink({ accountId, assetId, expiresAt: new Date(now + 60_000) });
    // a window that opens in about two minutes, every day, until the end of that day at the latest
    const opens = new Date(now + 120_000);
    const startMinute = opens.getUTCHours() * 60 + opens.getUTCMinutes();
    const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    const windowed = await createTrackingLink({
      accountId,
      assetId,
      schedule: { days: [1, 2, 3, 4, 5, 6, 7], start: clock(startMinute), end: clock(Math.min(startMinute + 60, 1440)) },
    });
    const limitedRow = await findTrackingLink({ accountId, linkId: limited.id });
    expect(limitedRow!.nextCheckAt!.getTime()).toBe(now + 60_000);
    expect((await findTrackingLink({ accountId, linkId: windowed.id }))!.withinSchedule).toBe(false);

    const schedulers = [1, 2].map(() => startLinkScheduler({ logger: log("test"), autostart: false }));
    announced.length = 0;
    // two nodes tick at the same moment, after the time limit and just after the window opened
    const later = opens.getTime() + 1000;
    const changed = await Promise.all(schedulers.map((scheduler) => scheduler.tick(later)));
    expect(changed.reduce((a, b) => a + b, 0)).toBe(2); // each link's change counted by one node only
    await settle();
    expect(announced.filter((event) => event.linkId === limited.id)).toHaveLength(1);
    expect(announced.filter((event) => event.linkId === windowed.id)).toHaveLength(1);
    const expired = await findTrackingLink({ accountId, linkId: limited.id });
    expect(expired).toMatchObject({ expiredReason: "time_expired", nextCheckAt: null });
    const flipped = await findTrackingLink({ accountId, linkId: windowed.id });
    expect(flipped!.withinSchedule).toBe(true);
    expect(flipped!.nextCheckAt!.getTime()).toBeGreaterThan(later); // the window's end, next
    for (const scheduler of schedulers) await scheduler.stop();
  });

  it("deletes ended viewer sessions and used or old access codes, and keeps the rest", async () => {
    const { accountId, assetId } = await fleet();
    const link = await createTrackingLink({ accountId, assetId });
    const now = Date.now();
    await t.db.viewerSession.createMany({
      data: [
        { linkId: link.id, tokenHash: `ended-${link.id}`, expiresAt: new Date(now - 1) },
        { linkId: link.id, tokenHash: `live-${link.id}`, expiresAt: new Date(now + 60_000) },
      ],
    });
    await t.db.trackingAccessCode.createMany({
      data: [
        { linkId: link.id, email: "a@example.test", codeHash: "x", expiresAt: new Date(now - 1) },
        { linkId: link.id, email: "b@example.test", codeHash: "x", expiresAt: new Date(now + 60_000), consumedAt: new Date(now) },
        { linkId: link.id, email: "c@example.test", codeHash: "x", expiresAt: new Date(now + 60_000) },
      ],
    });
    const purged = await purgeEndedSessions(now);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect(purged.codes).toBeGreaterThanOrEqual(2);
    expect((await t.db.viewerSession.findMany({ where: { linkId: link.id }, select: { tokenHash: true } })).map((row) => row.tokenHash)).toEqual([`live-${link.id}`]);
    expect((await t.db.trackingAccessCode.findMany({ where: { linkId: link.id }, select: { email: true } })).map((row) => row.email)).toEqual(["c@example.test"]);
  });

  it("deletes, when the link is tightened, exactly the viewer sessions it no longer admits", async () => {
    const { accountId, assetId } = await fleet();
    const link = await createTrackingLink({ accountId, assetId, accessMode: "email" });
    const expiresAt = new Date(Date.now() + 60_000);
    const session = (name: string, accessMode: "public" | "email" | "email_code" | "authorized_only", email: string | null) =>
      ({ linkId: link.id, tokenHash: `${name}-${link.id}`, accessMode, email, expiresAt });
    await t.db.viewerSession.createMany({
      data: [
        session("public", "public", null),
        session("email-ann", "email", "ann@example.test"),
        session("code-ann", "email_code", "ann@example.test"),
        session("code-bob", "email_code", "bob@example.test"),
        session("listed-ann", "authorized_only", "ann@example.test"),
        session("listed-cy", "authorized_only", "cy@example.test"),
      ],
    });
    const left = async () => (await t.db.viewerSession.findMany({ where: { linkId: link.id }, orderBy: { id: "asc" } })).map((row) => row.tokenHash.split("-").slice(0, -1).join("-"));
    // renaming changes nothing
    await updateTrackingLink({ accountId, linkId: link.id, displayName: "Renamed" });
    expect(await left()).toEqual(["public", "email-ann", "code-ann", "code-bob", "listed-ann", "listed-cy"]);
    await updateTrackingLink({ accountId, linkId: link.id, accessMode: "email_code" });
    expect(await left()).toEqual(["code-ann", "code-bob", "listed-ann", "listed-cy"]);
    await updateTrackingLink({ accountId, linkId: link.id, accessMode: "authorized_only", allowedEmails: ["ann@example.test", "cy@example.test"] });
    expect(await left()).toEqual(["listed-ann", "listed-cy"]);
    await updateTrackingLink({ accountId, linkId: link.id, allowedEmails: ["ann@example.test"] });
    expect(await left()).toEqual(["listed-ann"]);
    // loosening ends nothing
    await updateTrackingLink({ accountId, linkId: link.id, accessMode: "public" });
    expect(await left()).toEqual(["listed-ann"]);
  });

  it("deletes a link with its sessions", async () => {
    const { accountId, assetId } = await fleet();
    const link = await createTrackingLink({ accountId, assetId });
    await t.db.viewerSession.create({ data: { linkId: link.id, tokenHash: `h-${link.id}`, expiresAt: new Date(Date.now() + 60_000) } });
    expect(await deleteTrackingLink({ accountId, linkId: link.id })).toEqual({ id: link.id });
    expect(await t.db.viewerSession.count({ where: { linkId: link.id } })).toBe(0);
  });
});
