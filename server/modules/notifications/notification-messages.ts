// What the notification channels say (docs/notifications.md): the e-mail of one alert (with its one-click unsubscribe
// headers and, for a critical alert, the acknowledge link), the SMS, the summary after a cap and the digest.
import { env } from "../../env";
import type { MailMessage } from "../../mail/mailer";
import { acknowledgeUrl, unsubscribeUrl } from "./notification-links";

export interface AlertFacts {
  id: number;
  accountId: number;
  type: string;
  ruleName: string;
  message: string;
  firedAt: Date;
  assetName: string;
  accountName: string;
  accountKey: string;
}

const when = (date: Date) => date.toISOString().replace("T", " ").slice(0, 16) + " UTC";

/** the Alerts page, with one alert selected when given (the same link as the alert's inbox notification) */
function alertsPageUrl(accountKey: string, alertId?: number): string {
  return new URL(`/a/${accountKey}/alerts${alertId === undefined ? "" : `?alert=${alertId}`}`, env().PUBLIC_URL).toString();
}

/** the RFC 8058 headers: a POST to the https URL turns the type off without signing in */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export function alertEmail(input: { to: string; recipientKey: string; alert: AlertFacts; critical: boolean }): MailMessage {
  const { alert } = input;
  const unsubscribe = unsubscribeUrl({ accountId: alert.accountId, recipientKey: input.recipientKey, alertType: alert.type });
  const lines = [
    `${alert.message}`,
    "",
    `Vehicle: ${alert.assetName}`,
    `Rule: ${alert.ruleName}${input.critical ? " (critical)" : ""}`,
    `Fired: ${when(alert.firedAt)}`,
    `Account: ${alert.accountName}`,
    "",
    `Open in Fleetline: ${alertsPageUrl(alert.accountKey, alert.id)}`,
  ];
  if (input.critical) {
    lines.push("", `Acknowledge (stops the escalation): ${acknowledgeUrl({ accountId: alert.accountId, alertId: alert.id, recipientKey: input.recipientKey })}`);
  }
  lines.push("", `Stop e-mails about ${alert.type} alerts: ${unsubscribe}`);
  return {
    to: input.to,
    subject: `${input.critical ? "[critical] " : ""}${alert.ruleName}: ${alert.assetName}`,
    text: lines.join("\n") + "\n",
    headers: unsubscribeHeaders(unsubscribe),
  };
}

export function alertSms(alert: AlertFacts, critical: boolean): string {
  return `${critical ? "CRITICAL " : ""}${alert.ruleName}: ${alert.message} (${alert.assetName}, ${when(alert.firedAt)})`.slice(0, 480);
}

/** "and 212 more from Van 12" (per-asset cap) or "and 40 more alerts" (per-person cap) */
export function summaryText(input: { count: number; assetName: string | null; types: string[]; accountKey: string }): { subject: string; text: string } {
  const from = input.assetName ? ` from ${input.assetName}` : "";
  const subject = `And ${input.count} more alert${input.count === 1 ? "" : "s"}${from}`;
  const text =
    `${subject} (${input.types.join(", ")}) in the last hour were not sent one by one, so that a flapping device or a ` +
    `busy hour does not flood you.\n\nSee them all in Fleetline: ${alertsPageUrl(input.accountKey)}\n`;
  return { subject, text };
}

export function digestEmail(input: { to: string; recipientKey: string; accountId: number; alerts: AlertFacts[]; period: string }): MailMessage {
  const types = [...new Set(input.alerts.map((a) => a.type))];
  const lines = input.alerts.map((a) => `- ${when(a.firedAt)}  ${a.assetName}  ${a.ruleName}: ${a.message}`);
  const unsubscribe = unsubscribeUrl({ accountId: input.accountId, recipientKey: input.recipientKey, alertType: types.length === 1 ? types[0]! : "*" });
  return {
    to: input.to,
    subject: `Your ${input.period} alert digest: ${input.alerts.length} alert${input.alerts.length === 1 ? "" : "s"}`,
    text: `${lines.join("\n")}\n\nOpen in Fleetline: ${alertsPageUrl(input.alerts[0]!.accountKey)}\n\nStop these e-mails: ${unsubscribe}\n`,
    headers: unsubscribeHeaders(unsubscribe),
  };
}
