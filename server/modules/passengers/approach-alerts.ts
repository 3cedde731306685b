// Sends "the bus is about N minutes from your stop" to the passengers who asked for it on their page
// (approach-alert-setting.ts), from the run's estimated arrivals (hub event "run.eta"). Once per passenger and run:
// for the first of the passenger's stops still ahead of the bus (the pick-up on a morning run; on an afternoon run
// the school pick-up is behind the bus once it runs, so their drop-off), as soon as its estimate is N minutes or less
// away. Every node hears every run.eta; each notice is claimed with a row whose key is the passenger and the day
// before anything is sent, so the cluster sends it once. A temporary mail or SMS failure is tried again on a later
// estimate (at most MAX_ATTEMPTS times, RETRY_AFTER_MS apart) while the stop is still ahead.
// Work per estimate is a lookup in a per-route list of opted-in passengers, read at most every ROUTE_CACHE_MS (and
// again at once after "passengers.changed"): routes where nobody opted in cost no database work.
import type { Logger } from "pino";
import type { Db } from "../../db/client";
import type { Hub } from "../../hub";
import { mailer, type Mailer } from "../../mail/mailer";
import { SerialQueue } from "../../serial-queue";
import { smsProvider, type SmsProvider } from "../../sms/sms-provider";
import { isUniqueViolation } from "../parse-input";
import { routeDisplayName } from "../routes/route-name";
import type { RunEtaMessage } from "../run-progress/run-eta-message";
import { approachEmail, approachSms } from "./approach-message";
import { ensurePassengerLinks } from "./ensure-passenger-links";
import { channelOf } from "./message-channel";

/** how long a route's list of opted-in passengers is trusted without "passengers.changed" */
export const ROUTE_CACHE_MS = 30_000;
/** sends of one notice, the first included */
export const MAX_ATTEMPTS = 3;
/** the wait before a failed notice is tried again */
export const RETRY_AFTER_MS = 30_000;

interface WaitingPassenger {
  id: number;
  minutes: number;
  stopIds: number[];
}

export interface ApproachAlerts {
  /** resolves once every estimate heard so far has been handled */
  idle(): Promise<void>;
  /** stops listening; resolves once the estimates already heard are handled */
  stop(): Promise<void>;
}

export interface ApproachAlertsOptions {
  prisma: Db;
  hub: Hub;
  logger: Logger;
  /** default: the process's mailer and SMS provider */
  transports?: { mail: () => Mailer; sms: () => SmsProvider };
  /** default: the system clock (retries wait RETRY_AFTER_MS by it) */
  now?: () => number;
}

export function startApproachAlerts(options: ApproachAlertsOptions): ApproachAlerts {
  const { prisma, logger } = options;
  const now = options.now ?? Date.now;
  const transports = options.transports ?? { mail: mailer, sms: smsProvider };
  const queue = new SerialQueue(logger, "approach alert");
  const routes = new Map<number, { readAt: number; passengers: WaitingPassenger[] }>();
  /** notices settled on this node (sent, or claimed by another), by day: `${passengerId}` */
  const settled = new Map<string, Set<number>>();

  const waitingOn = async (routeId: number): Promise<WaitingPassenger[]> => {
    const cached = routes.get(routeId);
    if (cached && now() - cached.readAt < ROUTE_CACHE_MS) return cached.passengers;
    const rows = await prisma.passenger.findMany({
      where: { routeId, approachAlertMinutes: { not: null }, optedOutAt: null, approved: true },
      select: { id: true, approachAlertMinutes: true, pickupStopId: true, dropoffStopId: true },
    });
    const passengers = rows.map((row) => ({
      id: row.id,
      minutes: row.approachAlertMinutes!,
      stopIds: [row.pickupStopId, row.dropoffStopId].filter((id): id is number => id !== null),
    }));
    routes.set(routeId, { readAt: now(), passengers });
    return passengers;
  };

  const settledOn = (date: string) => {
    let day = settled.get(date);
    if (!day) {
      // a node only ever hears today's runs (and yesterday's late ones): older days are dropped
      for (const old of [...settled.keys()].sort().slice(0, -1)) settled.delete(old);
      settled.set(date, (day = new Set()));
    }
    return day;
  };

  const onEta = async (message: RunEtaMessage) => {
    if (message.stops.length === 0) return;
    const passengers = await waitingOn(message.routeId);
    if (passengers.length === 0) return;
    const day = settledOn(message.date);
    for (const passenger of passengers) {
      if (day.has(passenger.id)) continue;
      const stop = message.stops.find((candidate) => passenger.stopIds.includes(candidate.stopId));
      if (!stop || stop.etaAt - message.at > passenger.minutes * 60_000) continue;
      const outcome = await claimAndSend(message, passenger.id, stop);
      if (outcome !== "retry") day.add(passenger.id);
    }
  };

  /** "retry": failed, and may be tried on a later estimate */
  const claimAndSend = async (message: RunEtaMessage, passengerId: number, stop: RunEtaMessage["stops"][number]): Promise<"done" | "retry"> => {
    const passenger = await prisma.passenger.findUnique({
      where: { id: passengerId },
      select: {
        id: true,
        name: true,
        contactEmail: true,
        contactPhone: true,
        approachAlertMinutes: true,
        optedOutAt: true,
        approved: true,
        route: { select: { routeNumber: true, name: true } },
        account: { select: { name: true, brandingCompanyName: true, timeZone: true } },
      },
    });
    // the list may be up to ROUTE_CACHE_MS old: what the passenger says now decides
    if (!passenger || passenger.approachAlertMinutes === null || passenger.optedOutAt || !passenger.approved) return "done";
    const channel = channelOf(passenger);
    if (!channel) return "done";
    const claimed = await claim(message, passengerId, stop, channel.kind);
    if (claimed === "settled" || claimed === "wait") return claimed === "wait" ? "retry" : "done";
    const notice = claimed;

    try {
      const links = await ensurePassengerLinks({ accountId: message.accountId, passengerIds: [passengerId] });
      const facts = {
        company: passenger.account.brandingCompanyName ?? passenger.account.name,
        route: routeDisplayName(passenger.route),
        passengerName: passenger.name,
        stopName: stop.name,
        minutes: Math.max(1, Math.round((stop.etaAt - message.at) / 60_000)),
        etaAt: stop.etaAt,
        timeZone: passenger.account.timeZone,
        url: links.get(passengerId)!.url,
      };
      if (channel.kind === "email") await transports.mail().send(approachEmail(channel.to, facts));
      else await transports.sms().send(channel.to, approachSms(facts));
      await prisma.passengerApproachNotice.update({ where: { id: notice.id }, data: { status: "sent", sentAt: new Date(now()), error: null } });
      logger.info({ passengerId, routeId: message.routeId, date: message.date, channel: channel.kind }, "approach alert sent");
      return "done";
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await prisma.passengerApproachNotice.update({ where: { id: notice.id }, data: { status: "failed", error: reason.slice(0, 500) } });
      logger.warn({ passengerId, routeId: message.routeId, attempt: notice.attempts, err: error }, "approach alert not sent");
      return notice.attempts < MAX_ATTEMPTS ? "retry" : "done";
    }
  };

  /**
   * the notice for this passenger and day, claimed by this node; "wait": it failed and may be tried again later;
   * "settled": sent, in flight on another node, or out of attempts
   */
  const claim = async (message: RunEtaMessage, passengerId: number, stop: RunEtaMessage["stops"][number], channel: string) => {
    try {
      return await prisma.passengerApproachNotice.create({
        data: { passengerId, routeId: message.routeId, stopId: stop.stopId, date: message.date, channel, status: "sending", etaAt: new Date(stop.etaAt) },
        select: { id: true, attempts: true },
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // the notice exists: take it again only when it failed, long enough ago, with attempts left (one node wins)
    const retried = await prisma.passengerApproachNotice.updateMany({
      where: {
        passengerId,
        date: message.date,
        status: "failed",
        attempts: { lt: MAX_ATTEMPTS },
        updatedAt: { lt: new Date(now() - RETRY_AFTER_MS) },
      },
      data: { status: "sending", attempts: { increment: 1 }, stopId: stop.stopId, etaAt: new Date(stop.etaAt) },
    });
    const notice = await prisma.passengerApproachNotice.findUniqueOrThrow({
      where: { passengerId_date: { passengerId, date: message.date } },
      select: { id: true, attempts: true, status: true },
    });
    if (retried.count > 0) return notice;
    return notice.status === "failed" && notice.attempts < MAX_ATTEMPTS ? "wait" : "settled";
  };

  const unsubscribers = [
    options.hub.subscribe("run.eta", (message) => queue.push(() => onEta(message))),
    options.hub.subscribe("passengers.changed", ({ routeId }) => void routes.delete(routeId)),
  ];
  return {
    idle: () => queue.drain(),
    async stop() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      await queue.drain();
    },
  };
}
