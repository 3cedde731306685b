// Webhook deliveries never hold up the request that caused them. The real server (startFleetline without Next.js,
// the public REST routes served by their own handlers) on PostgreSQL, with a receiver on 127.0.0.1 that answers
// every delivery after 4 seconds (close to the 5 s a receiver has). 200 viewers verify on the public links of 8
// accounts that each have a webhook subscribed to viewer_joined (8 accounts of 4 slots each fill the dispatcher's 32):
// each verify announces one event, so 200 deliveries queue up behind a slow receiver while the verifies are answered. Before that, the same 200 verifies on a link of an account without
// webhooks give the baseline, and before both, 200 verifies on a third account whose webhook answers at once warm
// the code up (the first few hundred requests of a fresh process are several times slower: JIT, prepared statements). Viewers arrive at a steady 50 a second (an open load: each request starts on time,
// whether or not earlier ones have been answered, so a slow answer shows as latency instead of slowing the load),
// over keep-alive connections, each from its own X-Forwarded-For address (the server trusts it here) so the
// 30-a-minute verify limit is not what is measured.
// Figures: verify latency p50 and p99 with the slow webhook (target p99 < 50 ms) and without; deliveries logged (every
// one of the 200, with the receiver's 200 status); how long the dispatcher took to deliver them all (32 at once); and,
// while that backlog waits, how long one event of another account (a prompt receiver) waits for its delivery
// (fairness: at most about one slow slot's 4 s, not the backlog's 25).
// Needs PostgreSQL at TEST_POSTGRES_URL.
import http from "node:http";
import { loadavg } from "node:os";
import { db } from "../../server/db/client";
import { createAccount } from "../../server/modules/accounts/create-account";
import { createAsset } from "../../server/modules/assets/create-asset";
import { createTrackingLink } from "../../server/modules/tracking-links/create-tracking-link";
import { createWebhook } from "../../server/modules/webhooks/create-webhook";
import { encryptWebhookSecret } from "../../server/modules/webhooks/webhook-secret";
import { authSecret } from "../../server/security/auth-secret";
import { startTrackingServer } from "../../server/testing/public-tracking-harness";
import { createScratchDatabase } from "../../server/testing/scratch-postgres";
import { reachable, TEST_POSTGRES_URL } from "../../server/testing/services";
import { startWebhookReceiver } from "../../server/testing/webhook-receiver";
import { percentile, round, type Bench, type Figure } from "./types";

const VERIFIES = 200;
const BENCH_SECRET = "whsec_bench-secret-shared-by-the-slow-webhooks-0000";
/** viewers arriving per second */
const ARRIVALS_PER_S = 50;
const RECEIVER_DELAY_MS = 4_000;
/** deliveries are given this long to be logged after the last verify was answered */
const DRAIN_TIMEOUT_MS = 120_000;
/** accounts the slow verifies are spread over: one account holds at most 4 delivery slots */
const BUSY_ACCOUNTS = 8;


/** `count` verifies of the links `uuids` in turn, started at ARRIVALS_PER_S; the latency of each, in ms, sorted */
async function verifyMany(port: number, uuids: string[], count: number, firstAddress: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true });
  const one = (index: number) =>
    new Promise<number>((resolve, reject) => {
      const address = firstAddress + index;
      const started = performance.now();
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: `/api/public/tracking/${uuids[index % uuids.length]}/verify`,
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
        },
        (response) => {
          response.resume();
          response.once("end", () => {
            if (response.statusCode !== 200) return reject(new Error(`verify answered ${response.statusCode}`));
            resolve(performance.now() - started);
          });
        },
      );
      request.once("error", reject);
      request.end("{}");
    });
  try {
    const begin = performance.now();
    const requests: Promise<number>[] = [];
    for (let index = 0; index < count; index++) {
      const due = begin + (index * 1000) / ARRIVALS_PER_S;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      requests.push(one(index));
    }
    return (await Promise.all(requests)).sort((a, b) => a - b);
  } finally {
    agent.destroy();
  }
}

async function publicLink(name: string) {
  const account = await createAccount({ name });
  const admin = await db().user.create({
    data: { email: `bench-${account.id}@example.test`, name: "Bench", passwordHash: null, memberships: { create: { accountId: account.id, role: "admin" } } },
  });
  const asset = await createAsset({ accountId: account.id, name: "Bus 1" });
  const link = await createTrackingLink({ accountId: account.id, assetId: asset.id, displayName: "Route 1" });
  return { account, admin, link };
}

export default {
  name: "webhooks",
  async run() {
    if (!(await reachable(TEST_POSTGRES_URL))) {
      process.stderr.write(`webhooks bench skipped: PostgreSQL not reachable at ${TEST_POSTGRES_URL}\n`);
      return [];
    }
    const say = (text: string) => process.stderr.write(`webhooks: ${text}\n`);
    say(`load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
    const scratch = await createScratchDatabase("fleetline_bench");
    const server = await startTrackingServer({
      NODE_ENV: "production",
      DATABASE_URL: scratch.url,
      AUTH_SECRET: authSecret(),
      TRUST_PROXY: "1",
      WEBHOOK_ALLOW_PRIVATE: "1",
      LOG_LEVEL: "silent",
    });
    const receiver = await startWebhookReceiver({ delayMs: RECEIVER_DELAY_MS });
    const prompt = await startWebhookReceiver();
    try {
      const warm = await publicLink("Bench warm-up");
      await createWebhook({ accountId: warm.account.id, userId: warm.admin.id, body: { url: prompt.url, events: ["viewer_joined"] } });
      const quiet = await publicLink("Bench without webhooks");
      const busy = [];
      const webhookIds: number[] = [];
      for (let i = 0; i < BUSY_ACCOUNTS; i++) {
        const link = await publicLink(`Bench with a slow webhook ${i + 1}`);
        // one secret for all of them, so the receiver can check every signature
        const webhook = await createWebhook({ accountId: link.account.id, userId: link.admin.id, body: { url: receiver.url, events: ["viewer_joined"] } });
        await db().webhook.update({ where: { id: webhook.id }, data: { secretEncrypted: encryptWebhookSecret(BENCH_SECRET, link.account.id) } });
        busy.push(link);
        webhookIds.push(webhook.id);
      }
      receiver.setSecret(BENCH_SECRET);

      await verifyMany(server.port, [warm.link.uuid], VERIFIES, 60_000);
      await server.running.webhooks.idle();
      const baseline = await verifyMany(server.port, [quiet.link.uuid], VERIFIES, 0);
      const started = performance.now();
      const withWebhook = await verifyMany(server.port, busy.map((b) => b.link.uuid), VERIFIES, 1_000);
      const answeredAfterS = (performance.now() - started) / 1000;
      const stats = server.running.webhooks.stats();
      say(`all ${VERIFIES} verifies answered after ${answeredAfterS.toFixed(1)} s; deliveries pending ${stats.pending}, in flight ${stats.inFlight}`);

      // another account's event while the backlog waits: its delivery starts at the next free slot
      const otherFrom = prompt.received.length;
      const otherStarted = performance.now();
      await verifyMany(server.port, [warm.link.uuid], 1, 70_000);
      await prompt.next(() => true, { from: otherFrom, timeoutMs: DRAIN_TIMEOUT_MS });
      const otherWaitMs = performance.now() - otherStarted;
      say(`another account's event delivered after ${otherWaitMs.toFixed(0)} ms, with ${server.running.webhooks.stats().pending} still pending`);

      let drainTimer: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        server.running.webhooks.idle().then(() => true),
        new Promise<false>((resolve) => (drainTimer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS))),
      ]);
      clearTimeout(drainTimer);
      const drainS = (performance.now() - started) / 1000;
      const logged = await db().webhookDelivery.count({ where: { webhookId: { in: webhookIds }, responseCode: 200 } });
      const verified = receiver.received.filter((delivery) => delivery.verified && delivery.event === "viewer_joined").length;
      say(
        `${drained ? "drained" : "NOT drained"} after ${drainS.toFixed(1)} s; receiver got ${receiver.received.length} (${verified} verified); ` +
          `logged with 200: ${logged}; dropped ${server.running.webhooks.stats().dropped}; baseline max ${baseline.at(-1)!.toFixed(1)} ms, ` +
          `with webhook max ${withWebhook.at(-1)!.toFixed(1)} ms; over 50 ms: ${withWebhook.filter((ms) => ms > 50).length} with the webhook, ` +
          `${baseline.filter((ms) => ms > 50).length} without; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`,
      );

      const figures: Figure[] = [
        { name: "webhooks_verify_p50_ms", value: round(percentile(withWebhook, 50)), unit: "ms" },
        { name: "webhooks_verify_p99_ms", value: round(percentile(withWebhook, 99)), unit: "ms" },
        { name: "webhooks_verify_baseline_p99_ms", value: round(percentile(baseline, 99)), unit: "ms" },
        { name: "webhooks_deliveries_logged", value: logged, unit: "deliveries" },
        { name: "webhooks_deliveries_drain_s", value: round(drainS), unit: "s" },
        { name: "webhooks_other_account_wait_ms", value: round(otherWaitMs), unit: "ms" },
      ];
      return figures;
    } finally {
      await prompt.close();
      await receiver.close();
      await server.close();
      await scratch.drop();
    }
  },
} satisfies Bench;
