// The inbox router: a member sees and marks only their own notifications in the account named, whatever their role;
// a non-member gets NOT_FOUND, an anonymous caller UNAUTHORIZED.
import { describe, expect, it } from "vitest";
import { addInboxNotification } from "../../modules/notifications/inbox/add-inbox-notification";
import { useRecordingHub } from "../../testing/recording-hub";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { callerFor, createFixtureAccount, refusal } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("inbox router on %s", (kind) => {
  useTestDatabase(kind);
  useRecordingHub("private-channel.message");

  it("lists, counts and marks the caller's own notifications only", async () => {
    const account = await createFixtureAccount();
    const other = await createFixtureAccount("Other fleet");
    const viewer = account.users.viewer;
    const a = await addInboxNotification({ accountId: account.id, userId: viewer, kind: "access_request", title: "Ann asks for access" });
    const b = await addInboxNotification({ accountId: account.id, userId: viewer, kind: "report_job", title: "Report ready" });
    const admins = await addInboxNotification({ accountId: account.id, userId: account.users.admin, kind: "alert", title: "Admin only" });
    const me = callerFor(viewer).inbox;
    const key = { accountKey: account.key };
    expect(await me.unreadCount(key)).toEqual({ unread: 2 });
    expect((await me.list({ ...key })).items.map((n) => n.id)).toEqual([b.id, a.id]);
    expect(await me.markRead({ ...key, ids: [a.id, admins.id] })).toEqual({ updated: 1, unread: 1 });
    expect((await me.list({ ...key, unreadOnly: true })).items.map((n) => n.id)).toEqual([b.id]);
    expect(await callerFor(account.users.admin).inbox.unreadCount(key)).toEqual({ unread: 1 });
    expect(await me.markAllRead(key)).toEqual({ updated: 1, unread: 0 });
    expect(await callerFor(account.users.admin).inbox.unreadCount(key)).toEqual({ unread: 1 });
    // another account's member cannot name this account; nobody signed in cannot call at all
    expect((await refusal(callerFor(other.users.admin).inbox.list(key))).code).toBe("NOT_FOUND");
    expect((await refusal(callerFor(null).inbox.unreadCount(key))).code).toBe("UNAUTHORIZED");
    expect((await refusal(me.markRead({ ...key, ids: [] }))).code).toBe("BAD_REQUEST");
  });
});
