// Webhook registration ({base_url}/api/{account_key}/public-tracking/webhooks) through its route handlers, on every
// database kind: every status the calls answer (201, 200, 204, 202, 401, 403, 404, 405, 422, 429), the secret shown
// once and stored encrypted, and a test ping delivered to a real receiver and read back from the delivery log.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { env, setEnv } from "@/server/env";
import { resetRateLimits } from "@/server/security/rate-limit";
import { callRouteWithText, makeAccount, makeApiKey, type RouteHandler } from "@/server/testing/http-fixtures";
import { log } from "@/server/log";
import { startWebhookDispatcher } from "@/server/modules/webhooks/webhook-dispatcher";
import { setWebhookAnnouncer } from "@/server/modules/webhooks/webhook-events";
import { decryptWebhookSecret } from "@/server/modules/webhooks/webhook-secret";
import { databaseKinds, useTestDatabase } from "@/server/testing/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/server/testing/webhook-receiver";
import { GET as listDeliveries } from "./[webhookId]/deliveries/route";
import { DELETE as deleteOne, GET as getOne, POST as postOne } from "./[webhookId]/route";
import { POST as sendTest } from "./[webhookId]/test/route";
import { GET as list, POST as create } from "./route";

describe.each(databaseKinds())("webhook endpoints on %s", (kind) => {
  const t = useTestDatabase(kind);
  const previousEnv = env();
  const receivers: WebhookReceiver[] = [];
  const dispatcher = startWebhookDispatcher({ logger: log("webhooks"), allowPrivate: true });

  beforeAll(() => {
    setEnv({ ...previousEnv, WEBHOOK_ALLOW_PRIVATE: true }); // the receivers are on loopback
    setWebhookAnnouncer(dispatcher.announce);
  });
  afterAll(async () => {
    setWebhookAnnouncer(undefined);
    await dispatcher.stop();
    setEnv(previousEnv);
  });
  afterEach(async () => {
    resetRateLimits();
    for (const receiver of receivers.splice(0)) await receiver.close();
  });

  async function setup(role: "admin" | "fleet_manager" | "office_staff" | "viewer" = "office_staff") {
    const account = await makeAccount("School Buses");
    const key = await makeApiKey(account.id, role);
    const base = `/api/${account.key}/public-tracking/webhooks`;
    const params = { accountKey: account.key };
    const api = {
      create: (body: unknown, apiKey = key.apiKey) => callRouteWithText(create as RouteHandler, "POST", base, params, apiKey, body),
      list: (query = "", apiKey = key.apiKey) => callRouteWithText(list as RouteHandler, "GET", `${base}${query}`, params, apiKey),
      get: (id: number | string, apiKey = key.apiKey) => callRouteWithText(getOne as RouteHandler, "GET", `${base}/${id}`, { ...params, webhookId: String(id) }, apiKey),
      delete: (id: number | string, apiKey = key.apiKey) =>
        callRouteWithText(deleteOne as RouteHandler, "DELETE", `${base}/${id}`, { ...params, webhookId: String(id) }, apiKey),
      deliveries: (id: number | string, query = "", apiKey = key.apiKey) =>
        callRouteWithText(listDeliveries as RouteHandler, "GET", `${base}/${id}/deliveries${query}`, { ...params, webhookId: String(id) }, apiKey),
      test: (id: number | string, apiKey = key.apiKey) =>
        callRouteWithText(sendTest as RouteHandler, "POST", `${base}/${id}/test`, { ...params, webhookId: String(id) }, apiKey),
    };
    return { account, key, base, params, api };
  }

  async function receiver() {
    const started = await startWebhookReceiver();
    receivers.push(started);
    return started;
  }

  it("registers a webhook (201) for admins, fleet managers and office staff, with its secret shown once", async () => {
    for (const role of ["admin", "fleet_manager", "office_staff"] as const) {
      const { api, account } = await setup(role);
      const created = await api.create({ url: "http://127.0.0.1:9/hooks", events: ["form_submitted", "viewer_joined", "viewer_joined"] });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        data: {
          id: expect.any(Number),
          url: "http://127.0.0.1:9/hooks",
          events: ["viewer_joined", "form_submitted"], // once each, in the spec's order
          created_at: expect.stringMatching(/Z$/),
          secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
        },
      });
      const { id, secret } = created.body.data;
      expect(created.headers.get("location")).toBe(`/api/${account.key}/public-tracking/webhooks/${id}`);

      // never again: not in the list, not in the record, not in the log
      const listed = await api.list();
      expect(listed.status).toBe(200);
      expect(listed.body).toEqual({ data: [{ id, url: "http://127.0.0.1:9/hooks", events: ["viewer_joined", "form_submitted"], created_at: created.body.data.created_at }], next_cursor: null });
      const read = await api.get(id);
      expect(read.status).toBe(200);
      expect(read.body.data).not.toHaveProperty("secret");
      for (const text of [listed.text, read.text, (await api.deliveries(id)).text]) expect(text).not.toContain(secret);

      // at rest: encrypted, the column does not contain it, and it opens with the server's key only
      const row = await t.db.webhook.findUniqueOrThrow({ where: { id } });
      expect(row.secretEncrypted).not.toContain(secret);
      expect(row.secretEncrypted).not.toContain(secret.slice("whsec_".length));
      expect(decryptWebhookSecret(row.secretEncrypted, account.id)).toBe(secret);
    }
  });

  it("sends a test ping (202 at once) that a real receiver verifies, and the attempt shows in the delivery log", async () => {
    const { api } = await setup();
    const hook = await receiver();
    const created = await api.create({ url: hook.url, events: ["viewer_joined"] });
    hook.setSecret(created.body.data.secret);

    const test = await api.test(created.body.data.id);
    expect(test.status).toBe(202);
    expect(test.body).toEqual({ data: { event_id: expect.stringMatching(/^[0-9a-f-]{36}$/), event: "test_ping" } });
    const ping = await hook.next((delivery) => delivery.event === "test_ping");
    expect(ping.verified).toBe(true);
    expect(ping.body).toMatchObject({ id: test.body.data.event_id, event: "test_ping", data: { webhook_id: created.body.data.id } });
    await dispatcher.idle();

    const log = await api.deliveries(created.body.data.id);
    expect(log.status).toBe(200);
    expect(log.body).toEqual({
      data: [
        {
          id: expect.any(Number),
          event: "test_ping",
          event_id: test.body.data.event_id,
          response_code: 200,
          duration_ms: expect.any(Number),
          error: null,
          created_at: expect.stringMatching(/Z$/),
        },
      ],
      next_cursor: null,
    });
  });

  it("pages the delivery log newest first and the list by id", async () => {
    const { api } = await setup("admin");
    const first = await api.create({ url: "http://127.0.0.1:9/a", events: ["viewer_joined"] });
    const second = await api.create({ url: "http://127.0.0.1:9/b", events: ["viewer_joined"] });
    const page = await api.list("?limit=1");
    expect(page.body.data.map((w: { id: number }) => w.id)).toEqual([first.body.data.id]);
    const next = await api.list(`?limit=1&cursor=${page.body.next_cursor}`);
    expect(next.body).toMatchObject({ data: [{ id: second.body.data.id }], next_cursor: null });

    await t.db.webhookDelivery.createMany({
      data: [1, 2, 3].map((n) => ({ webhookId: first.body.data.id, eventId: `event-${n}`, event: "viewer_joined", responseCode: 200, durationMs: n })),
    });
    const newest = await api.deliveries(first.body.data.id, "?limit=2");
    expect(newest.body.data.map((d: { event_id: string }) => d.event_id)).toEqual(["event-3", "event-2"]);
    const older = await api.deliveries(first.body.data.id, `?limit=2&cursor=${newest.body.next_cursor}`);
    expect(older.body).toMatchObject({ data: [{ event_id: "event-1" }], next_cursor: null });
    expect((await api.deliveries(first.body.data.id, "?limit=0")).status).toBe(422);
    expect((await api.deliveries(first.body.data.id, "?cursor=bm90LWEtY3Vyc29y")).status).toBe(422);
  });

  it("deletes a webhook with its log (204); afterwards it is 404 everywhere", async () => {
    const { api } = await setup();
    const { id } = (await api.create({ url: "http://127.0.0.1:9/hooks", events: ["viewer_joined"] })).body.data;
    await t.db.webhookDelivery.create({ data: { webhookId: id, eventId: "e", event: "viewer_joined", responseCode: 200, durationMs: 1 } });
    const deleted = await api.delete(id);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect(await t.db.webhookDelivery.count({ where: { webhookId: id } })).toBe(0);
    for (const response of [await api.get(id), await api.delete(id), await api.deliveries(id), await api.test(id)]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: "WEBHOOK_NOT_FOUND" });
    }
  });

  it("answers 401 without a valid key, 404 for another account's key or webhook, 403 for a viewer's key", async () => {
    const { api, account } = await setup();
    const { id } = (await api.create({ url: "http://127.0.0.1:9/hooks", events: ["viewer_joined"] })).body.data;
    for (const response of [await api.list("", "flk_bogus"), await api.create({ url: "http://127.0.0.1:9/x", events: ["viewer_joined"] }, ""), await api.test(id, "nope")]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: "Unauthenticated." });
    }

    const other = await setup();
    const foreignKey = await api.list("", other.key.apiKey);
    expect(foreignKey.status).toBe(404);
    expect(foreignKey.body).toMatchObject({ code: "ACCOUNT_NOT_FOUND" });
    // another account's webhook through that account's own key and path: not found, like a missing one
    for (const response of [await other.api.get(id), await other.api.delete(id), await other.api.deliveries(id), await other.api.test(id), await other.api.get("abc")]) {
      expect(response.status).toBe(404);
    }
    expect(await t.db.webhook.count({ where: { id } })).toBe(1);

    const viewer = await makeApiKey(account.id, "viewer");
    for (const response of [
      await api.list("", viewer.apiKey),
      await api.create({ url: "http://127.0.0.1:9/x", events: ["viewer_joined"] }, viewer.apiKey),
      await api.delete(id, viewer.apiKey),
      await api.deliveries(id, "", viewer.apiKey),
      await api.test(id, viewer.apiKey),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await t.db.webhook.count({ where: { accountId: account.id } })).toBe(1);
  });

  it("refuses a bad body with 422 and field errors, registering nothing", async () => {
    const { api, account } = await setup();
    const cases: Array<[unknown, Array<{ field: string; message: RegExp }>]> = [
      ["{not json", [{ field: "body", message: /not valid JSON/ }]],
      [[], [{ field: "body", message: /object/ }]],
      [{ url: "https://hooks.example.com/x", events: ["viewer_joined"], secret: "mine" }, [{ field: "secret", message: /unknown field "secret"/ }]],
      [{ events: ["viewer_joined"] }, [{ field: "url", message: /is required/ }]],
      [{ url: "not a url", events: ["viewer_joined"] }, [{ field: "url", message: /absolute http or https URL/ }]],
      [{ url: "ftp://93.184.215.14/x", events: ["viewer_joined"] }, [{ field: "url", message: /http or https/ }]],
      [{ url: "https://user:pw@93.184.215.14/x", events: ["viewer_joined"] }, [{ field: "url", message: /user name or password/ }]],
      [{ url: `https://93.184.215.14/${"a".repeat(2_000)}`, events: ["viewer_joined"] }, [{ field: "url", message: /at most 2,000 characters/ }]],
      [{ url: "https://93.184.215.14/x" }, [{ field: "events", message: /is required/ }]],
      [{ url: "https://93.184.215.14/x", events: [] }, [{ field: "events", message: /at least one event/ }]],
      [{ url: "https://93.184.215.14/x", events: ["viewer_joined", "run_paused"] }, [{ field: "events.1", message: /must be one of viewer_joined, access_requested/ }]],
      [{ url: "https://93.184.215.14/x", events: "viewer_joined" }, [{ field: "events", message: /array of event names/ }]],
      [{ url: "https://93.184.215.14/x", events: "" }, [{ field: "events", message: /array of event names/ }]],
    ];
    for (const [body, errors] of cases) {
      const response = await api.create(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.body).toMatchObject({ code: "VALIDATION_FAILED", message: expect.any(String) });
      expect(response.body.errors).toEqual(errors.map((e) => ({ field: e.field, message: expect.stringMatching(e.message) })));
    }
    expect(await t.db.webhook.count({ where: { accountId: account.id } })).toBe(0);
  });

  it("refuses a receiver on a private or loopback address with 422 and the reason, unless WEBHOOK_ALLOW_PRIVATE=1", async () => {
    const { api, account } = await setup();
    setEnv({ ...previousEnv, WEBHOOK_ALLOW_PRIVATE: false });
    try {
      for (const url of ["http://127.0.0.1:8080/hooks", "http://localhost/hooks", "http://169.254.169.254/latest/meta-data", "http://[::1]/x", "http://10.1.2.3/x"]) {
        const response = await api.create({ url, events: ["viewer_joined"] });
        expect(response.status, url).toBe(422);
        expect(response.body.errors).toEqual([{ field: "url", message: expect.stringMatching(/^points at a non-public address; .*WEBHOOK_ALLOW_PRIVATE=1$/) }]);
      }
    } finally {
      setEnv({ ...previousEnv, WEBHOOK_ALLOW_PRIVATE: true });
    }
    expect(await t.db.webhook.count({ where: { accountId: account.id } })).toBe(0);
    expect((await api.create({ url: "http://127.0.0.1:8080/hooks", events: ["viewer_joined"] })).status).toBe(201);
  });

  it("caps an account at 20 webhooks (422 WEBHOOK_LIMIT_REACHED)", async () => {
    const { api, account } = await setup();
    const results = await Promise.all(
      Array.from({ length: 21 }, (_, i) => api.create({ url: `http://127.0.0.1:9/hook-${i}`, events: ["viewer_joined"] })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 422, body: { code: "WEBHOOK_LIMIT_REACHED", message: expect.stringContaining("at most 20 webhooks") } });
    expect(await t.db.webhook.count({ where: { accountId: account.id } })).toBe(20);
  });

  it("allows 10 test pings a minute per account, whichever of its webhooks they go to, then 429 with Retry-After", async () => {
    const { api } = await setup();
    const hook = await receiver();
    const first = (await api.create({ url: hook.url, events: ["viewer_joined"] })).body.data.id;
    const second = (await api.create({ url: hook.url, events: ["form_submitted"] })).body.data.id;
    for (let i = 0; i < 5; i++) expect((await api.test(first)).status).toBe(202);
    for (let i = 0; i < 5; i++) expect((await api.test(second)).status).toBe(202);
    const limited = await api.test(second);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // deleting and registering a webhook again gives it a new id, but no fresh budget
    await dispatcher.idle(); // (the first webhook's pings are delivered before it goes)
    expect((await api.delete(first)).status).toBe(204);
    const third = (await api.create({ url: hook.url, events: ["viewer_joined"] })).body.data.id;
    expect((await api.test(third)).status).toBe(429);
    // another account's budget is its own
    const other = await setup();
    const otherHook = (await other.api.create({ url: hook.url, events: ["viewer_joined"] })).body.data.id;
    expect((await other.api.test(otherHook)).status).toBe(202);
    await dispatcher.idle();
    expect(hook.received).toHaveLength(11);
  });

  it("answers 405 with Allow for a method a resource does not have", async () => {
    const { api, params, base } = await setup();
    const { id } = (await api.create({ url: "http://127.0.0.1:9/hooks", events: ["viewer_joined"] })).body.data;
    const response = await callRouteWithText(postOne as RouteHandler, "POST", `${base}/${id}`, { ...params, webhookId: String(id) });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, DELETE");
  });
});
