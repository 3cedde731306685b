// The in-app inbox on every database kind: adding a notification stores it and publishes it to the member's private
// channel; a member lists (newest first, cursor pages, unread only), counts and marks read only their own rows in the
// account, never another member's or another account's; finished report jobs and new access requests reach the
// right people.
import pino from "pino";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { requestAccess } from "@/server/modules/access-requests/request-access";
import { createReportJob } from "@/server/modules/reports/jobs/create-report-job";
import { startReportWorker, type ReportProducer } from "@/server/modules/reports/jobs/report-worker";
import { createTrackingLink } from "@/server/modules/tracking-links/create-tracking-link";
import { makeAsset } from "@/server/testing/http-fixtures";
import { createUser } from "@/server/modules/users/create-user";
import { createFixtureAccount, FIXTURE_PASSWORD } from "@/server/testing/trpc-fixtures";
import { useRecordingHub } from "@/server/testing/recording-hub";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { addInboxNotification } from "./add-inbox-notification";
import { addInboxNotifications } from "./add-inbox-notifications";
import { countUnreadInbox } from "./count-unread-inbox";
import { listInboxNotifications } from "./list-inbox-notifications";
import { markInboxRead } from "./mark-inbox-read";

describe.each(databaseKinds())("in-app inbox on %s", (kind) => {
  useTestDatabase(kind);
  const hub = useRecordingHub("private-channel.message");

  it("stores a notification and publishes it on the member's private channel", async () => {
    const account = await createFixtureAccount();
    const userId = account.users.fleet_manager;
    hub.events.length = 0;
    const added = await addInboxNotification({
      accountId: account.id,
      userId,
      kind: "report_job",
      title: "Trips report is ready",
      body: "Trips, 1-7 Nov, XLSX",
      link: `/a/${account.key}/reports`,
      refs: { report_job_id: 12 },
    });
    expect(added).toMatchObject({ kind: "report_job", title: "Trips report is ready", read: false, refs: { report_job_id: 12 } });
    await hub.settle();
    expect(hub.events).toEqual([{ channel: `private-user.${userId}`, event: "notification.created", data: added }]);
    const listed = await listInboxNotifications({ accountId: account.id, userId });
    expect(listed.items).toEqual([added]);
  });

  it("stores many notifications with one call and publishes each on its member's private channel; one bad input stores none", async () => {
    const account = await createFixtureAccount();
    const { admin, viewer } = account.users;
    const before = await countUnreadInbox({ accountId: account.id, userId: viewer });
    await expect(
      addInboxNotifications([
        { accountId: account.id, userId: viewer, kind: "alert", title: "Fine" },
        { accountId: account.id, userId: admin, kind: "alert", title: "Bad", link: "https://evil.example/" },
      ]),
    ).rejects.toThrow(/path inside the dashboard/);
    expect(await countUnreadInbox({ accountId: account.id, userId: viewer })).toBe(before);
    hub.events.length = 0;
    const added = await addInboxNotifications([
      { accountId: account.id, userId: viewer, kind: "alert", title: "Speeding: Van 1", link: `/a/${account.key}/alerts?alert=1`, refs: { alert_id: 1 } },
      { accountId: account.id, userId: admin, kind: "alert", title: "Speeding: Van 1", refs: { alert_id: 1 } },
      { accountId: account.id, userId: viewer, kind: "alert", title: "Speeding: Van 2", refs: { alert_id: 2 } },
    ]);
    expect(added).toHaveLength(3);
    await hub.settle();
    const heard = (userId: number) => hub.events.filter((e) => e.channel === `private-user.${userId}`).map((e) => (e.data as { title: string }).title).sort();
    expect(hub.events.every((e) => e.event === "notification.created")).toBe(true);
    expect(heard(viewer)).toEqual(["Speeding: Van 1", "Speeding: Van 2"]);
    expect(heard(admin)).toEqual(["Speeding: Van 1"]);
    const listed = await listInboxNotifications({ accountId: account.id, userId: viewer });
    expect(listed.items).toEqual([added[0]!, added[2]!].sort((a, b) => b.id - a.id));
    expect(listed.items.map((n) => n.title)).toEqual(["Speeding: Van 2", "Speeding: Van 1"]);
    expect(await addInboxNotifications([])).toEqual([]);
  });

  it("refuses a link to another site and an empty title", async () => {
    const account = await createFixtureAccount();
    const base = { accountId: account.id, userId: account.users.admin, kind: "alert" as const, title: "x" };
    await expect(addInboxNotification({ ...base, link: "//evil.example/x" })).rejects.toThrow(/path inside the dashboard/);
    await expect(addInboxNotification({ ...base, link: "https://evil.example/" })).rejects.toThrow(/path inside the dashboard/);
    await expect(addInboxNotification({ ...base, title: "  " })).rejects.toThrow(/required/);
  });

  it("lists newest first in cursor pages, filters unread, and marks read only the member's own rows", async () => {
    const account = await createFixtureAccount();
    const other = await createFixtureAccount("Other fleet");
    const me = account.users.viewer;
    // the same person in a second account: its rows are not this account's inbox
    const colleague = account.users.admin;
    const mine = [];
    for (let i = 1; i <= 5; i++) mine.push(await addInboxNotification({ accountId: account.id, userId: me, kind: "alert", title: `Alert ${i}` }));
    const theirs = await addInboxNotification({ accountId: account.id, userId: colleague, kind: "alert", title: "Not yours" });
    const otherAccount = await addInboxNotification({ accountId: other.id, userId: other.users.viewer, kind: "alert", title: "Elsewhere" });

    const first = await listInboxNotifications({ accountId: account.id, userId: me, limit: 2 });
    expect(first.items.map((n) => n.title)).toEqual(["Alert 5", "Alert 4"]);
    const second = await listInboxNotifications({ accountId: account.id, userId: me, limit: 2, cursor: first.nextCursor });
    expect(second.items.map((n) => n.title)).toEqual(["Alert 3", "Alert 2"]);
    const last = await listInboxNotifications({ accountId: account.id, userId: me, limit: 2, cursor: second.nextCursor });
    expect(last).toMatchObject({ items: [{ title: "Alert 1" }], nextCursor: null });
    expect(await countUnreadInbox({ accountId: account.id, userId: me })).toBe(5);

    hub.events.length = 0;
    // someone else's ids are skipped, not marked
    expect(await markInboxRead({ accountId: account.id, userId: me, ids: [mine[0]!.id, theirs.id, otherAccount.id] })).toEqual({ updated: 1, unread: 4 });
    expect((await listInboxNotifications({ accountId: account.id, userId: colleague })).items[0]!.read).toBe(false);
    expect((await listInboxNotifications({ accountId: other.id, userId: other.users.viewer })).items[0]!.read).toBe(false);
    const unread = await listInboxNotifications({ accountId: account.id, userId: me, unreadOnly: true });
    expect(unread.items.map((n) => n.title)).toEqual(["Alert 5", "Alert 4", "Alert 3", "Alert 2"]);
    await hub.settle();
    expect(hub.events).toEqual([{ channel: `private-user.${me}`, event: "notifications.read", data: { accountId: account.id, ids: [mine[0]!.id, theirs.id, otherAccount.id], unread: 4 } }]);

    expect(await markInboxRead({ accountId: account.id, userId: me, ids: null })).toEqual({ updated: 4, unread: 0 });
    expect(await countUnreadInbox({ accountId: account.id, userId: me })).toBe(0);
    expect(await countUnreadInbox({ accountId: account.id, userId: colleague })).toBe(1);
    // nothing left to mark: nothing changes, nothing is published
    hub.events.length = 0;
    expect(await markInboxRead({ accountId: account.id, userId: me, ids: null })).toEqual({ updated: 0, unread: 0 });
    await hub.settle();
    expect(hub.events).toEqual([]);
  });

  it("keeps one person's inboxes in two accounts apart", async () => {
    const a = await createFixtureAccount("A fleet");
    const b = await createFixtureAccount("B fleet");
    const person = await createUser({ accountId: a.id, email: `both-${a.id}@example.test`, name: "Both", password: FIXTURE_PASSWORD, role: "viewer" });
    await addInboxNotification({ accountId: a.id, userId: person.id, kind: "alert", title: "In A" });
    await addInboxNotification({ accountId: b.id, userId: person.id, kind: "alert", title: "In B" });
    expect((await listInboxNotifications({ accountId: a.id, userId: person.id })).items.map((n) => n.title)).toEqual(["In A"]);
    expect(await countUnreadInbox({ accountId: b.id, userId: person.id })).toBe(1);
  });
});

describe.each(databaseKinds())("inbox sources on %s", (kind) => {
  useTestDatabase(kind);
  useRecordingHub("private-channel.message");
  const logger = pino({ level: "silent" });

  it("tells a report job's dashboard creator when it is done or failed, and nobody for an API client's job", async () => {
    const account = await createFixtureAccount();
    const asset = await makeAsset(account.id, "Van 1");
    const userId = account.users.office_staff;
    const request = { accountId: account.id, type: "trips" as const, assetIds: [asset.id], from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-08T00:00:00Z") };
    const mine = await createReportJob({ accountId: account.id, request, format: "xlsx", createdBy: `user:${userId}` });
    await createReportJob({ accountId: account.id, request, format: "pdf", createdBy: "oauth:client" });
    const produce: ReportProducer = async ({ request: r, onRows }) => {
      await onRows(r.assetIds.map((id) => ({ asset_id: id })));
      return { contentType: "text/csv", fileName: "trips.xlsx", body: new TextEncoder().encode("x") };
    };
    const worker = startReportWorker({ logger, autostart: false, produce });
    expect(await worker.drain()).toBe(2);
    await worker.stop();
    const inbox = await listInboxNotifications({ accountId: account.id, userId });
    expect(inbox.items).toEqual([
      expect.objectContaining({ kind: "report_job", title: "Your trips report (XLSX) is ready", link: `/a/${account.key}/reports`, refs: { report_job_id: mine.id, status: "done" } }),
    ]);
    // nobody else in the account heard of either job
    for (const other of [account.users.admin, account.users.fleet_manager, account.users.viewer]) {
      expect(await countUnreadInbox({ accountId: account.id, userId: other })).toBe(0);
    }

    const failing = await createReportJob({ accountId: account.id, request, format: "html", createdBy: `user:${userId}` });
    const failer = startReportWorker({ logger, autostart: false, produce: async () => Promise.reject(new AppError("VALIDATION_FAILED", "No data in range.")) });
    await failer.drain();
    await failer.stop();
    expect((await listInboxNotifications({ accountId: account.id, userId })).items[0]).toMatchObject({
      title: "Your trips report (HTML) failed",
      body: "No data in range.",
      refs: { report_job_id: failing.id, status: "failed" },
    });
  });

  it("tells the members who decide access requests (admins and fleet managers) about a new one", async () => {
    const account = await createFixtureAccount();
    const asset = await makeAsset(account.id, "Bus 7");
    const link = await createTrackingLink({ accountId: account.id, assetId: asset.id, displayName: "Morning run", accessMode: "authorized_only", allowedEmails: ["ann@example.test"] });
    await requestAccess({ uuid: link.uuid, body: { email: "bob@example.test", name: "Bob" }, ip: `inbox-${kind}` });
    const deadline = Date.now() + 10_000;
    while ((await countUnreadInbox({ accountId: account.id, userId: account.users.fleet_manager })) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const decider of [account.users.admin, account.users.fleet_manager]) {
      const { items } = await listInboxNotifications({ accountId: account.id, userId: decider });
      expect(items).toEqual([
        expect.objectContaining({ kind: "access_request", title: "Bob (bob@example.test) asks for access", link: `/a/${account.key}/access-requests` }),
      ]);
    }
    for (const other of [account.users.office_staff, account.users.viewer]) {
      expect(await countUnreadInbox({ accountId: account.id, userId: other })).toBe(0);
    }
  });
});
