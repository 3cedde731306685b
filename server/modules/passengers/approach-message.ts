// "The bus is about N minutes from your stop": the message a passenger's contact asked for on their page, sent once
// per run. Short enough to read at a glance on a lock screen: the stop, the minutes, the clock time, the link to
// follow the vehicle, and how to turn these alerts off (the same page).
import type { MailMessage } from "../../mail/mailer";
import { zonedParts } from "../time/zoned-time";
import { APPROACH_ALERT_LABEL } from "./passengers.schema";

export interface ApproachFacts {
  /** the account's company name (its branding, else the account's name) */
  company: string;
  route: string;
  passengerName: string;
  stopName: string;
  /** whole minutes until the estimated arrival, at least 1 */
  minutes: number;
  /** the estimated arrival (epoch ms) and the account's time zone, for the clock time */
  etaAt: number;
  timeZone: string;
  /** the passenger's own link */
  url: string;
}

function clockTime(instant: number, timeZone: string): string {
  const parts = zonedParts(instant, timeZone);
  return `${String(parts.hour).padStart(2, "0")}:${String(parts.minute).padStart(2, "0")}`;
}

function headline(facts: ApproachFacts): string {
  const minutes = facts.minutes === 1 ? "1 minute" : `${facts.minutes} minutes`;
  return `the bus on ${facts.route} is about ${minutes} from ${facts.stopName} (around ${clockTime(facts.etaAt, facts.timeZone)})`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function approachEmail(to: string, facts: ApproachFacts): MailMessage {
  const text = [
    `${capitalised(headline(facts))} for ${facts.passengerName}.`,
    "",
    "Follow it live:",
    facts.url,
    "",
    `You asked for this alert on that page; to change or stop it, open the link and use "${APPROACH_ALERT_LABEL}".`,
    "",
    facts.company,
  ].join("\n");
  return { to, subject: `${facts.company}: ${headline(facts)}`, text };
}

/** names are cut so that a long route or stop name cannot push the link out of a short message */
const SMS_NAME_LENGTH = 40;

export function approachSms(facts: ApproachFacts): string {
  const cut = (text: string) => (text.length > SMS_NAME_LENGTH ? `${text.slice(0, SMS_NAME_LENGTH - 1)}…` : text);
  return `${cut(facts.company)}: ${headline({ ...facts, route: cut(facts.route), stopName: cut(facts.stopName) })}. Live: ${facts.url}`;
}
