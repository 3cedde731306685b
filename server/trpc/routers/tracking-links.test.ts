// Tracking links through the dashboard API, on every database kind: who may create, change and delete them (admins
// and fleet managers) and who only reads them (office staff, viewers), another account's links as NOT_FOUND, and the
// field errors the dashboard's form shows.
import { beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, refusal, type FixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("tracking links router on %s", (kind) => {
  useTestDatabase(kind);
  let a: FixtureAccount;
  let b: FixtureAccount;
  let busA: number;
  let busB: number;

  beforeAll(async () => {
    a = await createFixtureAccount("Links A");
    b = await createFixtureAccount("Links B");
    ({ id: busA } = await callerFor(a.users.admin).assets.create({ accountKey: a.key, name: "Bus A" }));
    ({ id: busB } = await callerFor(b.users.admin).assets.create({ accountKey: b.key, name: "Bus B" }));
  });

  it("lets admins and fleet managers create, change and delete links", async () => {
    for (const role of ["admin", "fleet_manager"] as const) {
      const caller = callerFor(a.users[role]);
      const link = await caller.trackingLinks.create({
        accountKey: a.key,
        body: {
          assetId: busA,
          displayName: `Shuttle by ${role}`,
          accessMode: "email_code",
          schedule: { days: [1, 2, 3, 4, 5], start: "07:00", end: "19:00" },
        },
      });
      expect(link).toMatchObject({
        display_name: `Shuttle by ${role}`,
        access_mode: "email_code",
        asset: { id: busA, name: "Bus A" },
        schedule: { days: [1, 2, 3, 4, 5], start: "07:00", end: "19:00", until: null },
      });
      expect(link.url).toMatch(new RegExp(`/t/${link.uuid}$`));

      const disabled = await caller.trackingLinks.update({ accountKey: a.key, linkId: link.id, body: { active: false } });
      expect(disabled).toMatchObject({ is_active: false, status: "disabled" });
      expect(await caller.trackingLinks.get({ accountKey: a.key, linkId: link.id })).toMatchObject({ status: "disabled" });

      expect(await caller.trackingLinks.delete({ accountKey: a.key, linkId: link.id })).toEqual({ id: link.id });
      expect((await refusal(caller.trackingLinks.get({ accountKey: a.key, linkId: link.id }))).code).toBe("NOT_FOUND");
    }
  });

  it("lets office staff and viewers list and read links, and refuses them create, update and delete", async () => {
    const link = await callerFor(a.users.fleet_manager).trackingLinks.create({ accountKey: a.key, body: { assetId: busA } });
    for (const role of ["office_staff", "viewer"] as const) {
      const caller = callerFor(a.users[role]);
      expect((await caller.trackingLinks.list({ accountKey: a.key })).data.map((l) => l.id)).toContain(link.id);
      expect((await caller.trackingLinks.list({ accountKey: a.key, assetId: busA })).data.map((l) => l.id)).toContain(link.id);
      expect(await caller.trackingLinks.get({ accountKey: a.key, linkId: link.id })).toMatchObject({ id: link.id, status: "active" });

      expect((await refusal(caller.trackingLinks.create({ accountKey: a.key, body: { assetId: busA } }))).code).toBe("FORBIDDEN");
      expect((await refusal(caller.trackingLinks.update({ accountKey: a.key, linkId: link.id, body: { active: false } }))).code).toBe(
        "FORBIDDEN",
      );
      expect((await refusal(caller.trackingLinks.delete({ accountKey: a.key, linkId: link.id }))).code).toBe("FORBIDDEN");
    }
    // nothing the refused calls asked for happened
    expect(await callerFor(a.users.admin).trackingLinks.get({ accountKey: a.key, linkId: link.id })).toMatchObject({ is_active: true });
  });

  it("answers NOT_FOUND for another account's link and refuses another account's vehicle", async () => {
    const theirs = await callerFor(b.users.admin).trackingLinks.create({ accountKey: b.key, body: { assetId: busB } });
    const admin = callerFor(a.users.admin);
    for (const call of [
      () => admin.trackingLinks.get({ accountKey: a.key, linkId: theirs.id }),
      () => admin.trackingLinks.update({ accountKey: a.key, linkId: theirs.id, body: { active: false } }),
      () => admin.trackingLinks.delete({ accountKey: a.key, linkId: theirs.id }),
      () => admin.trackingLinks.create({ accountKey: a.key, body: { assetId: busB } }),
    ]) {
      expect((await refusal(call())).code).toBe("NOT_FOUND");
    }
    expect((await admin.trackingLinks.list({ accountKey: a.key })).data.map((l) => l.id)).not.toContain(theirs.id);
    // the account key names the account: a member of A cannot reach B's list through B's key
    expect((await refusal(admin.trackingLinks.list({ accountKey: b.key }))).code).toBe("NOT_FOUND");
    expect(await callerFor(b.users.viewer).trackingLinks.get({ accountKey: b.key, linkId: theirs.id })).toMatchObject({ is_active: true });
  });

  it("gives the form its field errors", async () => {
    const admin = callerFor(a.users.admin);
    const fields = async (body: Record<string, unknown>) => {
      const error = await refusal(admin.trackingLinks.create({ accountKey: a.key, body }));
      expect(error.code).toBe("BAD_REQUEST");
      return (error.cause as { errors?: Array<{ field: string; message: string }> }).errors;
    };
    expect(await fields({ assetId: busA, accessMode: "authorized_only" })).toEqual([
      { field: "allowedEmails", message: "list at least one address for authorised-only links" },
    ]);
    // every problem at once, so the form can mark them all
    const all = await fields({ accessMode: "authorized_only", destination: { lat: 54.7 } });
    expect(all).toHaveLength(3);
    expect(all).toEqual(
      expect.arrayContaining([
        // a vehicle, or a route: neither given
        { field: "assetId", message: "must not be empty" },
        { field: "destination.lng", message: "must not be empty" },
        { field: "allowedEmails", message: "list at least one address for authorised-only links" },
      ]),
    );
    expect(await fields({ assetId: busA, schedule: { days: [], start: "09:00", end: "08:00" } })).toEqual(
      expect.arrayContaining([
        { field: "schedule.days", message: "choose at least one day" },
        { field: "schedule.end", message: "must be after the start" },
      ]),
    );
  });
});
