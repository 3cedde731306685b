// Mail through an SMTP server (SMTP_URL: smtp:// with STARTTLS when the server offers it, smtps:// for TLS from the
// start; user and password in the URL). Pooled, with timeouts so that a dead server fails a send within seconds
// instead of holding the request. The URL can carry a password: it appears in no log and no error message.
import nodemailer from "nodemailer";
import { AppError } from "../errors";
import { log } from "../log";
import type { Mailer } from "./mailer";

/** connecting, greeting and each command: a send fails within about this long when the server does not answer */
export const SMTP_TIMEOUT_MS = 10_000;

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const url = new URL(options.url);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const where = `${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
  const logger = log("mail");
  return {
    kind: "smtp",
    async send(message) {
      try {
        const info = await transport.sendMail({ from: options.from, ...message });
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "mail sent");
        return { id: info.messageId };
      } catch (error) {
        // the error of a failed login may quote the server's reply, never our URL; logged without the message body
        logger.error({ to: message.to, server: where, reason: (error as Error).message }, "mail could not be sent");
        throw new AppError("MAIL_UNAVAILABLE", "The e-mail could not be sent right now; try again in a few minutes.");
      }
    },
    async close() {
      transport.close();
    },
  };
}
