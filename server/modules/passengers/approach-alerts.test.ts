// "Alert me before the bus arrives", end to end below the browser: a passenger's contact turns the alert on through
// their own link (the real route handler over HTTP, with the link's viewer session), the run's estimates arrive on
// the server's hub as the ETA model publishes them ("run.eta"), and one message goes out once the bus is that close
// to their stop: by e-mail (the outbox) or SMS (the SMS outbox), once per run even with a second node listening, never
// after an opt-out. A mail server that is down fails the notice, which is tried again on a later estimate.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { createMemoryHub } from "../../hub";
import { log } from "../../log";
import { createSmtpMailer } from "../../mail/smtp-mailer";
import { readOutbox } from "../../testing/mail-capture";
import { startTrackingServer, type TrackingServer } from "../../testing/public-tracking-harness";
import { readSmsOutbox } from "../../testing/sms-capture";
import { createAccount } from "../accounts/create-account";
import { addRouteStop } from "../routes/add-route-stop";
import { createRoute } from "../routes/create-route";
import type { RunEtaMessage } from "../run-progress/run-eta-message";
import { createTrackingLink } from "../tracking-links/create-tracking-link";
import { smsProvider } from "../../sms/sms-provider";
import { MAX_ATTEMPTS, RETRY_AFTER_MS, startApproachAlerts } from "./approach-alerts";
import { createPassenger } from "./create-passenger";
import { ensurePassengerLink } from "./ensure-passenger-links";
import { optOutThroughLink } from "./opt-out-passenger";

let server: TrackingServer;
beforeAll(async () => {
  server = await startTrackingServer();
}, 60_000);
afterAll(() => server?.close());

const MINUTE = 60_000;

/** a route with three stops; a passenger boarding at the second, with the given contact */
async function school(contact: { contactEmail?: string; contactPhone?: string }) {
  const account = await createAccount({ name: `Hill School ${crypto.randomUUID()}` });
  await db().account.update({ where: { id: account.id }, data: { timeZone: "Europe/Vilnius", brandingCompanyName: "Hill Buses" } });
  const route = await createRoute({ accountId: account.id, routeNumber: "M1", name: "Morning loop" });
  const stops: { id: number; name: string }[] = [];
  for (const [index, name] of ["Depot", "Oak Street", "Hill School"].entries()) {
    stops.push(await addRouteStop({ accountId: account.id, routeId: route.id, name, latitude: 54.68, longitude: 25.27 + index * 0.01 }));
  }
  const passenger = await createPassenger({ accountId: account.id, routeId: route.id, name: "Ada", pickupStopId: stops[1]!.id, dropoffStopId: stops[2]!.id, ...contact });
  const link = await ensurePassengerLink({ accountId: account.id, passengerId: passenger.id });
  const token = await sessionFor(link.uuid);
  /** run.eta as the ETA model publishes it: the stops still ahead, `minutes` from the fix at `at` */
  const eta = (at: number, ahead: Array<[index: number, minutes: number]>, date = "2030-09-03"): RunEtaMessage => ({
    version: 1,
    accountId: account.id,
    routeId: route.id,
    date,
    runId: null,
    vehicle: { assetId: 1 },
    at,
    stops: ahead.map(([index, minutes]) => ({ stopId: stops[index]!.id, sequence: index + 1, name: stops[index]!.name, etaAt: at + minutes * MINUTE, uncertaintyS: 60, distanceM: minutes * 400 })),
  });
  return { accountId: account.id, routeId: route.id, passengerId: passenger.id, link, token, eta };
}

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { "x-session-token": token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function sessionFor(uuid: string): Promise<string> {
  const response = await fetch(`${server.url}/api/public/tracking/${uuid}/verify`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(response.status).toBe(200);
  return ((await response.json()) as { session: { token: string } }).session.token;
}

/** publishes estimates on the server's hub and waits until its approach alerts handled them */
async function publish(...messages: RunEtaMessage[]) {
  for (const message of messages) await server.running.hub.publish("run.eta", message);
  await new Promise((resolve) => setImmediate(resolve)); // the memory hub delivers on the next turn
  await server.running.approachAlerts.idle();
}

const mailTo = async (address: string) => (await readOutbox(server.dataDir)).filter((mail) => mail.to.includes(address));

describe("the approach alert", () => {
  it("is set through the passenger's own link, and refused where it cannot work", async () => {
    const { link, token } = await school({ contactEmail: "ada.parent@example.test" });
    const path = `/api/public/tracking/${link.uuid}/approach-alert`;
    expect(await call("GET", path, token)).toEqual({ status: 200, body: { data: { minutes: null, channel: "email", available: true } } });
    expect(await call("PUT", path, token, { minutes: 5 })).toEqual({ status: 200, body: { data: { minutes: 5, channel: "email", available: true } } });
    expect((await call("GET", path, token)).body.data.minutes).toBe(5);

    for (const minutes of [0, 31, 2.5, "5"]) {
      const refused = await call("PUT", path, token, { minutes });
      expect(refused.status, String(minutes)).toBe(422);
      expect(refused.body.code).toBe("VALIDATION_FAILED");
    }
    expect((await call("PUT", path, token, { minutes: 5, extra: true })).status).toBe(422);
    expect((await call("PUT", path, token, { minutes: null })).body.data.minutes).toBeNull();

    const stranger = await school({ contactEmail: "someone@example.test" });
    expect((await call("PUT", path, stranger.token, { minutes: 5 })).status).toBe(403); // a session of another link
  });

  it("cannot be turned on without a contact, after an opt-out, or on a link that is no passenger's", async () => {
    const silent = await school({});
    const refused = await call("PUT", `/api/public/tracking/${silent.link.uuid}/approach-alert`, silent.token, { minutes: 5 });
    expect(refused).toMatchObject({ status: 422, body: { code: "PASSENGER_UNREACHABLE" } });
    expect((await call("GET", `/api/public/tracking/${silent.link.uuid}/approach-alert`, silent.token)).body.data).toEqual({ minutes: null, channel: null, available: false });

    const stopped = await school({ contactEmail: "stopped@example.test" });
    await optOutThroughLink({ passengerId: stopped.passengerId });
    const afterOptOut = await call("PUT", `/api/public/tracking/${stopped.link.uuid}/approach-alert`, stopped.token, { minutes: 5 });
    expect(afterOptOut).toMatchObject({ status: 409, body: { code: "PASSENGER_OPTED_OUT" } });
    // turning it off always works
    expect((await call("PUT", `/api/public/tracking/${stopped.link.uuid}/approach-alert`, stopped.token, { minutes: null })).status).toBe(200);

    const routeLink = await createTrackingLink({ accountId: stopped.accountId, routeId: stopped.routeId });
    const onRouteLink = await call("PUT", `/api/public/tracking/${routeLink.uuid}/approach-alert`, await sessionFor(routeLink.uuid), { minutes: 5 });
    expect(onRouteLink).toMatchObject({ status: 404, body: { code: "PASSENGER_LINK_NOT_FOUND" } });
  });

  it("sends one e-mail once the bus is that close to the passenger's stop, for the run, with a second node listening", async () => {
    const address = `ada-${crypto.randomUUID()}@example.test`;
    const s = await school({ contactEmail: address });
    expect((await call("PUT", `/api/public/tracking/${s.link.uuid}/approach-alert`, s.token, { minutes: 5 })).status).toBe(200);
    // a second node: its own approach alerts on the same database, hearing the same estimates
    const otherHub = createMemoryHub();
    const other = startApproachAlerts({ prisma: db(), hub: otherHub, logger: log("passengers") });
    try {
      const t = Date.UTC(2030, 8, 3, 4, 30);
      await publish(s.eta(t, [[1, 9], [2, 20]]));
      expect(await mailTo(address)).toEqual([]); // 9 minutes away: not yet

      const close = s.eta(t + MINUTE, [[1, 4.4], [2, 15]]);
      await otherHub.publish("run.eta", close);
      await publish(close);
      await other.idle();
      const mails = await mailTo(address);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Hill Buses: the bus on Morning loop is about 4 minutes from Oak Street (around 07:35)");
      expect(mails[0]!.text).toContain("The bus on Morning loop is about 4 minutes from Oak Street (around 07:35) for Ada.");
      expect(mails[0]!.text).toContain(s.link.url);

      // later estimates, the same run: nothing more, not even for the school after the pick-up
      await publish(s.eta(t + 2 * MINUTE, [[1, 2], [2, 13]]), s.eta(t + 6 * MINUTE, [[2, 3]]));
      expect(await mailTo(address)).toHaveLength(1);
      const notice = await db().passengerApproachNotice.findUniqueOrThrow({ where: { passengerId_date: { passengerId: s.passengerId, date: "2030-09-03" } } });
      expect(notice).toMatchObject({ status: "sent", channel: "email", attempts: 1, etaAt: new Date(t + MINUTE + 4.4 * MINUTE) });

      // the next day's run is another run
      await publish(s.eta(t + 24 * 60 * MINUTE, [[1, 3]], "2030-09-04"));
      expect(await mailTo(address)).toHaveLength(2);
    } finally {
      await other.stop();
    }
  });

  it("goes by SMS without an e-mail address, for the first of the passenger's stops still ahead", async () => {
    const phone = `+3706${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
    const s = await school({ contactPhone: phone });
    await call("PUT", `/api/public/tracking/${s.link.uuid}/approach-alert`, s.token, { minutes: 10 });
    // the run started beyond the pick-up (an afternoon run boards at the school): the drop-off is their stop
    await publish(s.eta(Date.UTC(2030, 8, 3, 12, 0), [[2, 8]]));
    const texts = (await readSmsOutbox(server.dataDir)).filter((sms) => sms.to === phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.text).toMatch(/^Hill Buses: the bus on Morning loop is about 8 minutes from Hill School \(around 15:08\)\. Live: http/);
  });

  it("never goes to a passenger who stopped messages or turned the alert off", async () => {
    const address = `off-${crypto.randomUUID()}@example.test`;
    const s = await school({ contactEmail: address });
    await call("PUT", `/api/public/tracking/${s.link.uuid}/approach-alert`, s.token, { minutes: 5 });
    await publish(s.eta(Date.UTC(2030, 8, 3, 4, 0), [[1, 9]])); // the route's list is read with the alert on
    await optOutThroughLink({ passengerId: s.passengerId }); // no announcement: the send reads the passenger again
    await publish(s.eta(Date.UTC(2030, 8, 3, 4, 1), [[1, 3]]));
    expect(await mailTo(address)).toEqual([]);
  });

  it("is tried again on a later estimate when the mail server is down, at most three times", async () => {
    const address = `retry-${crypto.randomUUID()}@example.test`;
    const s = await school({ contactEmail: address });
    await call("PUT", `/api/public/tracking/${s.link.uuid}/approach-alert`, s.token, { minutes: 5 });
    const closed = await closedPort();
    let clock = Date.now();
    const hub = createMemoryHub();
    const node = startApproachAlerts({
      prisma: db(),
      hub,
      logger: log("passengers"),
      transports: { mail: () => createSmtpMailer({ url: `smtp://127.0.0.1:${closed}`, from: "Hill <bus@example.test>" }), sms: smsProvider },
      now: () => clock,
    });
    const notice = () => db().passengerApproachNotice.findUniqueOrThrow({ where: { passengerId_date: { passengerId: s.passengerId, date: "2030-09-03" } } });
    const heard = async (minutes: number) => {
      await hub.publish("run.eta", s.eta(Date.UTC(2030, 8, 3, 4, 0), [[1, minutes]]));
      await new Promise((resolve) => setImmediate(resolve));
      await node.idle();
    };
    try {
      await heard(4);
      expect(await notice()).toMatchObject({ status: "failed", attempts: 1 });
      expect((await notice()).error).toBeTruthy();
      await heard(3); // too soon after the failure: waits
      expect((await notice()).attempts).toBe(1);
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        clock += RETRY_AFTER_MS + 1_000;
        await heard(3);
        expect(await notice()).toMatchObject({ status: "failed", attempts: attempt });
      }
      clock += RETRY_AFTER_MS + 1_000;
      await heard(2);
      expect((await notice()).attempts).toBe(MAX_ATTEMPTS); // out of attempts
    } finally {
      await node.stop();
    }
  });
});

/** a port nothing listens on */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
