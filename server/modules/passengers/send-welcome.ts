// POST /api/{account_key}/public-tracking/passengers/send-welcome: the welcome message with each passenger's own
// link (spec: "Send-welcome result"). Every id must be a passenger of the account, else the call is refused (422,
// naming them) and nothing is sent. Each passenger then counts once, in the first of these that applies:
//   not_approved  the team holds them back (approved = false)
//   opted_out     they stopped messages through their link
//   no_channel    neither a contact e-mail nor a contact phone in international form
//   recently_welcomed  welcomed in the last 24 hours, unless the call says `force: true` (ours)
//   sent          e-mail when there is an address, else SMS; welcome_sent_at is set
// Sending is explicit: a passenger welcomed before is welcomed again when named again a day later (or with force).
// An import never messages anyone. The platform's mail and SMS must not become a tenant's spam or "SMS pumping" tool
// (review N22): an account may send WELCOME_MESSAGES_PER_DAY messages a day, counted over every node; a call that
// would go past it sends nothing and is refused (429, Retry-After) saying how many are left.
import { db } from "../../db/client";
import { AppError, isAppError } from "../../errors";
import { env } from "../../env";
import { mailer } from "../../mail/mailer";
import { rateLimiter } from "../../security/rate-limit";
import { RateLimitedError } from "../../security/rate-limited-error";
import { smsProvider } from "../../sms/sms-provider";
import { parseInput } from "../parse-input";
import { routeDisplayName } from "../routes/route-name";
import { ensurePassengerLinks, type PassengerLink } from "./ensure-passenger-links";
import { PASSENGER_LIMITS, ZSendWelcome, type SendWelcomeResult } from "./passengers.schema";
import { channelOf, type MessageChannel } from "./message-channel";
import { welcomeEmail, welcomeSms, type WelcomeFacts } from "./welcome-message";

/** the daily message budget's window */
const BUDGET_WINDOW_S = 24 * 3600;

export async function sendWelcome(input: { accountId: number; body: unknown }, now = Date.now()): Promise<SendWelcomeResult> {
  const body = parseInput(ZSendWelcome, input.body);
  const ids = [...new Set(body.passenger_ids)];
  const prisma = db();
  const passengers = await prisma.passenger.findMany({
    where: { accountId: input.accountId, id: { in: ids } },
    select: {
      id: true,
      name: true,
      contactName: true,
      contactEmail: true,
      contactPhone: true,
      approved: true,
      optedOutAt: true,
      welcomeSentAt: true,
      route: { select: { routeNumber: true, name: true } },
    },
    orderBy: { id: "asc" },
  });
  if (passengers.length !== ids.length) {
    const found = new Set(passengers.map((passenger) => passenger.id));
    const unknown = ids.filter((id) => !found.has(id));
    const message = `not passengers of this account: ${unknown.join(", ")}`;
    throw new AppError("VALIDATION_FAILED", `passenger_ids: ${message}; nothing was sent`, [{ field: "passenger_ids", message }]);
  }

  const counts = { sent: 0, not_approved: 0, opted_out: 0, no_channel: 0, recently_welcomed: 0 };
  const deliveries: Delivery[] = [];
  const welcomedSince = now - PASSENGER_LIMITS.rewelcomeAfterMs;
  for (const passenger of passengers) {
    const channel = channelOf(passenger);
    if (!passenger.approved) counts.not_approved++;
    else if (passenger.optedOutAt) counts.opted_out++;
    else if (!channel) counts.no_channel++;
    else if (!body.force && passenger.welcomeSentAt && passenger.welcomeSentAt.getTime() > welcomedSince) counts.recently_welcomed++;
    else deliveries.push({ passenger, channel });
  }
  if (deliveries.length === 0) return { counts };
  const budget = await takeFromBudget(input.accountId, deliveries.length);
  try {
    await deliverAll(input.accountId, deliveries, counts);
  } finally {
    // only messages that went out use up the day's budget
    await budget.giveBack(deliveries.length - counts.sent);
  }
  return { counts };
}

interface Delivery {
  passenger: {
    id: number;
    name: string;
    contactName: string | null;
    route: { routeNumber: string; name: string | null };
  };
  channel: MessageChannel;
}

/** sends each delivery (five at a time), counting those that went out; a mail or SMS failure ends the call */
async function deliverAll(accountId: number, deliveries: readonly Delivery[], counts: { sent: number }): Promise<void> {
  const prisma = db();
  const account = await prisma.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { name: true, brandingCompanyName: true, contactPhone: true, contactEmail: true },
  });
  const links = await ensurePassengerLinks({ accountId, passengerIds: deliveries.map((delivery) => delivery.passenger.id) });

  const deliver = async ({ passenger, channel }: Delivery) => {
    const facts: WelcomeFacts = {
      company: account.brandingCompanyName ?? account.name,
      route: routeDisplayName(passenger.route),
      passengerName: passenger.name,
      contactName: passenger.contactName,
      url: (links.get(passenger.id) as PassengerLink).url,
      contactPhone: account.contactPhone,
      contactEmail: account.contactEmail,
    };
    if (channel.kind === "email") await mailer().send(welcomeEmail(channel.to, facts));
    else await smsProvider().send(channel.to, welcomeSms(facts));
    await prisma.passenger.update({ where: { id: passenger.id }, data: { welcomeSentAt: new Date() } });
  };

  for (let start = 0; start < deliveries.length; start += PASSENGER_LIMITS.sendConcurrency) {
    const outcomes = await Promise.allSettled(deliveries.slice(start, start + PASSENGER_LIMITS.sendConcurrency).map(deliver));
    counts.sent += outcomes.filter((outcome) => outcome.status === "fulfilled").length;
    const failed = outcomes.find((outcome) => outcome.status === "rejected");
    if (failed) throw stoppedAt(failed.reason, counts.sent, deliveries.length);
  }
}

/** the account's daily message budget: `messages` taken, or the call refused with nothing sent */
async function takeFromBudget(accountId: number, messages: number): Promise<{ giveBack(unsent: number): Promise<void> }> {
  const perDay = env().WELCOME_MESSAGES_PER_DAY;
  const limiter = rateLimiter({ name: "welcome-messages", points: perDay, duration: BUDGET_WINDOW_S });
  const key = `account:${accountId}`;
  const taken = await limiter.consumeMany(key, messages);
  if (!taken.ok) {
    throw new RateLimitedError(
      taken.retryAfterSeconds,
      `This account may send ${perDay.toLocaleString("en")} welcome messages a day: ` +
        `${taken.remaining.toLocaleString("en")} ${taken.remaining === 1 ? "is" : "are"} left, ` +
        `and this call would send ${messages.toLocaleString("en")}. Nothing was sent. Send to fewer passengers, or try again in ` +
        `${waitInWords(taken.retryAfterSeconds)}, when the budget is full again.`,
    );
  }
  return {
    async giveBack(unsent) {
      if (unsent > 0) await limiter.refund(key, unsent);
    },
  };
}

function waitInWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** a mail or SMS failure ends the call; what went out before it is said, and marked with welcome_sent_at */
function stoppedAt(reason: unknown, sent: number, total: number): unknown {
  if (!isAppError(reason) || (reason.code !== "MAIL_UNAVAILABLE" && reason.code !== "SMS_UNAVAILABLE")) return reason;
  return new AppError(reason.code, `${reason.message} ${sent} of ${total} welcome messages went out before this (their passengers have welcome_sent_at set).`);
}
