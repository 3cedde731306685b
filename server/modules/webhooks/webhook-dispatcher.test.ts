// The webhook dispatcher on every database kind, delivering to real receivers on 127.0.0.1 over HTTP that check the
// signature over the raw body in constant time (server/testing/webhook-receiver.ts): who gets an event, the body,
// the log row of every attempt (answered, timed out, address refused), test pings, the queue's cap, stopping, and
// the log's retention.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { env, setEnv } from "../../env";
import { makeAccount } from "../../testing/http-fixtures";
import { log } from "../../log";
import { startDnsServer } from "../../testing/dns-server";
import { databaseKinds, useTestDatabase } from "../../testing/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "../../testing/webhook-receiver";
import { createWebhook } from "./create-webhook";
import { purgeOldDeliveries } from "./delivery-log-retention";
import { hostLookupStats } from "./resolve-host";
import { startWebhookDispatcher, type DispatcherOptions, type WebhookDispatcher } from "./webhook-dispatcher";
import { emitWebhookEvent, setWebhookAnnouncer, type WebhookEvent } from "./webhook-events";
import type { WebhookEventData } from "./webhook-payload";
import { NOT_PUBLIC_REASON } from "./webhook-destination";
import { encryptWebhookSecret } from "./webhook-secret";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(databaseKinds())("webhook dispatcher on %s", (kind) => {
  const t = useTestDatabase(kind);
  const receivers: WebhookReceiver[] = [];
  const dispatchers: WebhookDispatcher[] = [];
  const previousEnv = env();

  // registration checks the address: the receivers here are on loopback
  beforeAll(() => void setEnv({ ...previousEnv, WEBHOOK_ALLOW_PRIVATE: true }));
  afterAll(() => void setEnv(previousEnv));
  afterEach(async () => {
    setWebhookAnnouncer(undefined);
    for (const dispatcher of dispatchers.splice(0)) await dispatcher.stop();
    for (const receiver of receivers.splice(0)) await receiver.close();
  });

  function dispatcher(options: Partial<DispatcherOptions> = {}) {
    const started = startWebhookDispatcher({ logger: log("webhooks"), allowPrivate: true, ...options });
    dispatchers.push(started);
    setWebhookAnnouncer(started.announce);
    return started;
  }

  async function receiver(options: Parameters<typeof startWebhookReceiver>[0] = {}) {
    const started = await startWebhookReceiver(options);
    receivers.push(started);
    return started;
  }

  /** a webhook registered through the use case, its receiver told the secret from the registration answer */
  async function hook(accountId: number, userId: number, events: WebhookEvent[], target: WebhookReceiver) {
    const created = await createWebhook({ accountId, userId, body: { url: target.url, events } });
    target.setSecret(created.secret);
    return created;
  }

  const joined = (uuid = "7f1c2a4e-0d7b-4c55-9a43-2b8e6f1d0c9a"): WebhookEventData["viewer_joined"] => ({
    link_uuid: uuid,
    link_display_name: "Route 12 morning",
    passenger_id: 41,
    viewer_email: "parent@example.test",
  });

  /** a webhook row as registration would have stored it (its address is not checked here) */
  const storedHook = (account: { id: number; adminId: number }, url: string) =>
    t.db.webhook.create({
      data: { accountId: account.id, createdById: account.adminId, url, events: ["viewer_joined"], secretEncrypted: encryptWebhookSecret("whsec_test", account.id) },
    });

  const deliveriesOf = (webhookId: number) => t.db.webhookDelivery.findMany({ where: { webhookId }, orderBy: { id: "asc" } });

  it("delivers an event once to each webhook subscribed to it, signed, with the documented body, and logs each attempt", async () => {
    const running = dispatcher();
    const account = await makeAccount("School Buses");
    const other = await makeAccount("Other");
    const [subscribed, alsoSubscribed, notSubscribed, otherAccount] = await Promise.all([receiver(), receiver({ status: 500 }), receiver(), receiver()]);
    const first = await hook(account.id, account.adminId, ["viewer_joined", "form_submitted"], subscribed);
    const second = await hook(account.id, account.adminId, ["viewer_joined"], alsoSubscribed);
    const third = await hook(account.id, account.adminId, ["form_submitted", "access_requested"], notSubscribed);
    await hook(other.id, other.adminId, ["viewer_joined"], otherAccount);

    emitWebhookEvent(account.id, "viewer_joined", joined());
    await running.idle();

    expect(subscribed.received).toHaveLength(1);
    expect(alsoSubscribed.received).toHaveLength(1);
    expect(notSubscribed.received).toHaveLength(0);
    expect(otherAccount.received).toHaveLength(0);
    const delivery = subscribed.received[0]!;
    expect(delivery.verified).toBe(true);
    expect(delivery.event).toBe("viewer_joined");
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.body).toEqual({
      id: expect.stringMatching(UUID),
      event: "viewer_joined",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      account_key: account.key,
      data: joined(),
    });
    // one event, one id, whichever webhook it reached
    expect(alsoSubscribed.received[0]!.body!.id).toBe(delivery.body!.id);

    expect(await deliveriesOf(first.id)).toEqual([
      expect.objectContaining({ event: "viewer_joined", eventId: delivery.body!.id, responseCode: 200, error: null, durationMs: expect.any(Number) }),
    ]);
    expect(await deliveriesOf(second.id)).toEqual([expect.objectContaining({ responseCode: 500, error: null })]); // never retried
    expect(await deliveriesOf(third.id)).toEqual([]);
    expect(running.stats()).toMatchObject({ pending: 0, inFlight: 0, attempted: 2, dropped: 0 });
  });

  it("logs a receiver that does not answer in time, with the reason, after one attempt", async () => {
    const running = dispatcher({ timeoutMs: 300 });
    const account = await makeAccount();
    const silent = await receiver({ delayMs: "never" });
    const webhook = await hook(account.id, account.adminId, ["viewer_joined"], silent);
    emitWebhookEvent(account.id, "viewer_joined", joined());
    await running.idle();
    expect(silent.received).toHaveLength(1);
    const [row] = await deliveriesOf(webhook.id);
    expect(row).toMatchObject({ responseCode: null, error: "no answer within 0.3 s" });
    expect(row!.durationMs).toBeGreaterThanOrEqual(300);
  });

  it("delivers events of one order key one after another: the next is sent only once the one before has ended", async () => {
    const running = dispatcher({ timeoutMs: 300 });
    const account = await makeAccount();
    const silent = await receiver({ delayMs: "never" }); // every attempt runs to its timeout
    const webhook = await hook(account.id, account.adminId, ["viewer_joined"], silent);
    emitWebhookEvent(account.id, "viewer_joined", joined(), { eventId: "first", orderKey: "run:1" });
    emitWebhookEvent(account.id, "viewer_joined", joined(), { eventId: "second", orderKey: "run:1" });
    emitWebhookEvent(account.id, "viewer_joined", joined(), { eventId: "other key", orderKey: "run:2" });
    // the second waits for the first's attempt to end and be logged
    const second = await silent.next((d) => d.body?.id === "second");
    expect(silent.received.map((d) => d.body!.id).indexOf("first")).toBeLessThan(silent.received.indexOf(second));
    expect((await deliveriesOf(webhook.id)).map((row) => row.eventId)).toContain("first");
    await running.idle();
    expect(silent.received.map((d) => d.body!.id).sort()).toEqual(["first", "other key", "second"]);
    expect((await deliveriesOf(webhook.id)).map((row) => row.eventId).sort()).toEqual(["first", "other key", "second"]);
    expect(running.stats()).toMatchObject({ pending: 0, inFlight: 0, attempted: 3, dropped: 0 });
  });

  it("checks the address again when sending: a private receiver is refused and logged when private addresses are not allowed", async () => {
    const running = dispatcher({ allowPrivate: false });
    const account = await makeAccount();
    const local = await receiver();
    const webhook = await hook(account.id, account.adminId, ["viewer_joined"], local); // registered while allowed
    emitWebhookEvent(account.id, "viewer_joined", joined());
    await running.idle();
    expect(local.received).toHaveLength(0);
    expect(await deliveriesOf(webhook.id)).toEqual([
      expect.objectContaining({ responseCode: null, error: `not sent, address refused: ${NOT_PUBLIC_REASON}` }),
    ]);
  });

  it("resolves the host name at send time: a name that now points inside is refused", async () => {
    // registered while the name was public; the name server now answers with a private address
    const dns = await startDnsServer({ "hooks.example.test": { A: ["10.0.0.5"] } });
    try {
      const running = dispatcher({ allowPrivate: false, dnsServers: dns.servers });
      const account = await makeAccount();
      const webhook = await storedHook(account, "https://hooks.example.test/fleet");
      emitWebhookEvent(account.id, "viewer_joined", joined());
      await running.idle();
      expect(await deliveriesOf(webhook.id)).toEqual([
        expect.objectContaining({ responseCode: null, error: `not sent, address refused: ${NOT_PUBLIC_REASON}` }),
      ]);
      expect(dns.questions.map((q) => q.name)).toContain("hooks.example.test");
    } finally {
      await dns.close();
    }
  });

  it("gives the receiver's name server its own deadline: a lookup that hangs is cancelled then and logged as not sent", async () => {
    const dns = await startDnsServer("silent");
    try {
      const running = dispatcher({ allowPrivate: false, dnsServers: dns.servers, destinationCheckMs: 200 });
      const account = await makeAccount();
      const webhook = await storedHook(account, "https://slow-dns.example.test/fleet");
      emitWebhookEvent(account.id, "viewer_joined", joined());
      await running.idle();
      expect(await deliveriesOf(webhook.id)).toEqual([
        expect.objectContaining({ responseCode: null, error: "not sent, address refused: host slow-dns.example.test did not resolve within 0.2 s" }),
      ]);
      expect(dns.questions.length).toBeGreaterThan(0);
      expect(hostLookupStats()).toEqual({ underWay: 0, waiting: 0 }); // cancelled, not left running
    } finally {
      await dns.close();
    }
  });

  it("logs a secret it cannot read (AUTH_SECRET changed) as not sent", async () => {
    const running = dispatcher();
    const account = await makeAccount();
    const local = await receiver();
    const webhook = await t.db.webhook.create({
      data: { accountId: account.id, createdById: account.adminId, url: local.url, events: ["viewer_joined"], secretEncrypted: encryptWebhookSecret("whsec_test", account.id + 1) },
    });
    emitWebhookEvent(account.id, "viewer_joined", joined());
    await running.idle();
    expect(local.received).toHaveLength(0);
    expect(await deliveriesOf(webhook.id)).toEqual([
      expect.objectContaining({ responseCode: null, error: "not sent: the webhook's secret cannot be decrypted (was AUTH_SECRET changed?)" }),
    ]);
  });

  it("sends a test ping to the one webhook named, subscribed to it or not, under the event id given", async () => {
    const running = dispatcher();
    const account = await makeAccount();
    const [named, other] = await Promise.all([receiver(), receiver()]);
    const webhook = await hook(account.id, account.adminId, ["form_submitted"], named);
    await hook(account.id, account.adminId, ["test_ping", "viewer_joined"], other);
    const eventId = "0b6f1f9e-3a43-4f0e-8d1e-5c1b2a3d4e5f";
    emitWebhookEvent(account.id, "test_ping", { webhook_id: webhook.id, message: "hello" }, { eventId, webhookId: webhook.id });
    await running.idle();
    expect(other.received).toHaveLength(0);
    expect(named.received.map((r) => r.body)).toEqual([
      { id: eventId, event: "test_ping", created_at: expect.any(String), account_key: account.key, data: { webhook_id: webhook.id, message: "hello" } },
    ]);
    expect(await deliveriesOf(webhook.id)).toEqual([expect.objectContaining({ eventId, event: "test_ping", responseCode: 200 })]);
  });

  it("drops what exceeds the queue's cap and records the drop in the delivery log", async () => {
    const running = dispatcher({ maxPending: 2, concurrency: 1 });
    const account = await makeAccount();
    const slow = await receiver({ delayMs: 100 });
    const webhook = await hook(account.id, account.adminId, ["viewer_joined"], slow);
    // the first starts at once; two wait; the fourth and fifth find the queue full
    for (let i = 0; i < 5; i++) emitWebhookEvent(account.id, "viewer_joined", joined());
    expect(running.stats()).toMatchObject({ pending: 2, inFlight: 1, dropped: 2 });
    await running.idle();
    expect(slow.received).toHaveLength(3);
    const rows = await deliveriesOf(webhook.id);
    expect(rows.filter((row) => row.responseCode === 200)).toHaveLength(3);
    expect(rows.filter((row) => row.responseCode === null)).toEqual([
      expect.objectContaining({ event: "viewer_joined", durationMs: 0, error: "not sent: 2 viewer_joined events dropped while the delivery queue was full" }),
    ]);
  });

  it("serves accounts in turn: with one slot, two accounts' events alternate instead of waiting behind each other", async () => {
    const running = dispatcher({ concurrency: 1 });
    const [first, second] = [await makeAccount("First"), await makeAccount("Second")];
    const [firstReceiver, secondReceiver] = await Promise.all([receiver(), receiver()]);
    const firstHook = await hook(first.id, first.adminId, ["viewer_joined"], firstReceiver);
    const secondHook = await hook(second.id, second.adminId, ["viewer_joined"], secondReceiver);
    for (let i = 0; i < 3; i++) emitWebhookEvent(first.id, "viewer_joined", joined());
    for (let i = 0; i < 3; i++) emitWebhookEvent(second.id, "viewer_joined", joined());
    await running.idle();
    // the log's ids are the order the attempts ended in; one slot: the order they ran in
    const rows = await t.db.webhookDelivery.findMany({ where: { webhookId: { in: [firstHook.id, secondHook.id] } }, orderBy: { id: "asc" } });
    expect(rows.map((row) => (row.webhookId === firstHook.id ? "first" : "second"))).toEqual(["first", "second", "first", "second", "first", "second"]);
  });

  it("holds a slow receiver's backlog to its own account's share: another account is delivered meanwhile, and only the slow account's overflow is dropped", async () => {
    const running = dispatcher({ concurrency: 4, maxInFlightPerAccount: 2, maxPending: 20, maxPendingPerAccount: 5, timeoutMs: 60_000 });
    const [slowAccount, quickAccount] = [await makeAccount("Slow"), await makeAccount("Quick")];
    const [stuck, quick] = await Promise.all([receiver({ delayMs: "never" }), receiver()]);
    const slowHook = await hook(slowAccount.id, slowAccount.adminId, ["viewer_joined"], stuck);
    const quickHook = await hook(quickAccount.id, quickAccount.adminId, ["viewer_joined"], quick);

    // two start (the account's in-flight cap), five wait (its share of the queue), 23 are dropped
    for (let i = 0; i < 30; i++) emitWebhookEvent(slowAccount.id, "viewer_joined", joined());
    await stuck.next(() => true, { from: 1 }); // both of its slots hold a delivery the receiver never answers
    expect(running.stats()).toMatchObject({ inFlight: 2, pending: 5, dropped: 23 });

    emitWebhookEvent(quickAccount.id, "viewer_joined", joined());
    await running.idle(quickAccount.id); // delivered and logged while the slow account's backlog still waits
    expect(await deliveriesOf(quickHook.id)).toEqual([expect.objectContaining({ responseCode: 200, error: null })]);
    expect(running.stats()).toMatchObject({ inFlight: 2, pending: 5, dropped: 23 });
    expect(stuck.received).toHaveLength(2);
    expect(await deliveriesOf(slowHook.id)).toEqual([]);

    await stuck.close(); // the two hanging attempts end; the five waiting ones find nobody listening
    await running.idle();
    const slowRows = await deliveriesOf(slowHook.id);
    expect(slowRows.filter((row) => !row.error?.startsWith("not sent:"))).toHaveLength(7); // attempted, each logged
    expect(slowRows.filter((row) => row.error?.startsWith("not sent:"))).toEqual([
      expect.objectContaining({ error: "not sent: 23 viewer_joined events dropped while the delivery queue was full" }),
    ]);
    expect(await deliveriesOf(quickHook.id)).toHaveLength(1); // nothing of the quick account was dropped
  });

  it("on stop lets an attempt under way end and logs, as not sent, what had not started", async () => {
    const running = dispatcher({ concurrency: 1 });
    const account = await makeAccount();
    const slow = await receiver({ delayMs: 300 });
    const webhook = await hook(account.id, account.adminId, ["viewer_joined"], slow);
    emitWebhookEvent(account.id, "viewer_joined", joined());
    await slow.next(); // under way
    emitWebhookEvent(account.id, "viewer_joined", joined());
    emitWebhookEvent(account.id, "viewer_joined", joined());
    await running.stop();
    emitWebhookEvent(account.id, "viewer_joined", joined()); // uninstalled by the server; here: refused, counted
    expect(slow.received).toHaveLength(1);
    const rows = await deliveriesOf(webhook.id);
    expect(rows).toEqual([
      expect.objectContaining({ responseCode: 200, error: null }),
      expect.objectContaining({ responseCode: null, error: "not sent: 2 viewer_joined events dropped while the server was stopping" }),
    ]);
  });

  it("takes a webhook deleted while its delivery is under way in its stride", async () => {
    const running = dispatcher();
    const account = await makeAccount();
    const slow = await receiver({ delayMs: 200 });
    const webhook = await hook(account.id, account.adminId, ["viewer_joined"], slow);
    emitWebhookEvent(account.id, "viewer_joined", joined());
    await slow.next();
    await t.db.webhook.delete({ where: { id: webhook.id } });
    await running.idle();
    expect(running.stats()).toMatchObject({ attempted: 1, inFlight: 0 });
    expect(await t.db.webhookDelivery.count({ where: { webhookId: webhook.id } })).toBe(0);
  });

  it("keeps 30 days of delivery log: older rows are deleted in batches", async () => {
    const account = await makeAccount();
    const webhook = await t.db.webhook.create({
      data: { accountId: account.id, createdById: account.adminId, url: "https://hooks.example.com/x", events: ["viewer_joined"], secretEncrypted: "v1.x" },
    });
    const now = Date.now();
    const day = 24 * 60 * 60_000;
    await t.db.webhookDelivery.createMany({
      data: [31, 31, 31, 30.01, 29.99, 1].map((age, i) => ({
        webhookId: webhook.id,
        eventId: `e${i}`,
        event: "viewer_joined",
        responseCode: 200,
        durationMs: 5,
        createdAt: new Date(now - age * day),
      })),
    });
    expect(await purgeOldDeliveries({ now, batch: 2, pauseMs: 0 })).toBe(4);
    expect((await deliveriesOf(webhook.id)).map((row) => row.eventId)).toEqual(["e4", "e5"]);
  });
});
