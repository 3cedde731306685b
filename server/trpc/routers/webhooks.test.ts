// Webhooks through the dashboard API: admins, fleet managers and office staff register (secret returned once, never
// listed), test (the attempt lands in the log, read newest first) and delete; viewers are refused; field errors come
// from the same rules as the REST API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, setEnv } from "../../env";
import { log } from "../../log";
import { startWebhookDispatcher } from "../../modules/webhooks/webhook-dispatcher";
import { setWebhookAnnouncer } from "../../modules/webhooks/webhook-events";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { startWebhookReceiver } from "../../testing/webhook-receiver";
import { callerFor, createFixtureAccount, type FixtureAccount } from "../../testing/trpc-fixtures";

describe.each(databaseKinds())("webhooks router on %s", (kind) => {
  const t = useTestDatabase(kind);
  const previousEnv = env();
  const dispatcher = startWebhookDispatcher({ logger: log("webhooks"), allowPrivate: true });
  let a: FixtureAccount;
  beforeAll(async () => {
    setEnv({ ...previousEnv, WEBHOOK_ALLOW_PRIVATE: true });
    setWebhookAnnouncer(dispatcher.announce);
    a = await createFixtureAccount("Hooks A");
  });
  afterAll(async () => {
    setWebhookAnnouncer(undefined);
    await dispatcher.stop();
    setEnv(previousEnv);
  });

  it("registers, lists without the secret, tests, reads the log and deletes, for each role that manages webhooks", async () => {
    for (const role of ["admin", "fleet_manager", "office_staff"] as const) {
      const caller = callerFor(a.users[role]);
      const receiver = await startWebhookReceiver();
      try {
        const created = await caller.webhooks.create({ accountKey: a.key, body: { url: receiver.url, events: ["viewer_joined"] } });
        expect(created).toMatchObject({ url: receiver.url, events: ["viewer_joined"], secret: expect.stringMatching(/^whsec_/) });
        receiver.setSecret(created.secret);
        const listed = await caller.webhooks.list({ accountKey: a.key });
        expect(listed).toContainEqual({ id: created.id, url: receiver.url, events: ["viewer_joined"], created_at: created.created_at });
        expect(JSON.stringify(listed)).not.toContain(created.secret);

        const test = await caller.webhooks.sendTest({ accountKey: a.key, webhookId: created.id });
        expect((await receiver.next()).verified).toBe(true);
        await dispatcher.idle();
        const log = await caller.webhooks.deliveries({ accountKey: a.key, webhookId: created.id });
        expect(log).toEqual({ data: [expect.objectContaining({ event_id: test.event_id, event: "test_ping", response_code: 200, error: null })], next_cursor: null });

        await caller.webhooks.delete({ accountKey: a.key, webhookId: created.id });
        expect(await t.db.webhook.count({ where: { id: created.id } })).toBe(0);
      } finally {
        await receiver.close();
      }
    }
  });

  it("gives the form every field's error at once", async () => {
    await expect(
      callerFor(a.users.admin).webhooks.create({ accountKey: a.key, body: { url: "ftp://x.example/", events: ["nope"] } }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: {
        code: "VALIDATION_FAILED",
        errors: [{ field: "url", message: "must use http or https" }, expect.objectContaining({ field: "events.0" })],
      },
    });
  });

  it("refuses viewers and strangers", async () => {
    const viewer = callerFor(a.users.viewer);
    await expect(viewer.webhooks.list({ accountKey: a.key })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(viewer.webhooks.create({ accountKey: a.key, body: { url: "http://127.0.0.1:9/", events: ["viewer_joined"] } })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const other = await createFixtureAccount("Hooks B");
    const { id } = await callerFor(other.users.admin).webhooks.create({ accountKey: other.key, body: { url: "http://127.0.0.1:9/", events: ["viewer_joined"] } });
    // another account's webhook, through one's own account: not found
    await expect(callerFor(a.users.admin).webhooks.delete({ accountKey: a.key, webhookId: id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(a.users.admin).webhooks.list({ accountKey: other.key })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
