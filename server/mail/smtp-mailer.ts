// Mail through an SMTP server (SMTP_URL: smtp:// with STARTTLS when the server offers it, smtps:// for TLS from the
// start; user and password in the URL). One pooled transport, so a burst of access codes reuses a few connections.
// Every SMTP step (DNS, connect, greeting, each reply) is bounded, so a dead server fails a send within seconds
// instead of holding the request. The URL can carry a password: it appears in no log and no error message. A log
// line names the message id and the recipient's tag (mailer.ts), never the address, the subject or the body; the
// SMTP server's own log maps the message id to the recipient when support needs it.
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { AppError } from "../errors";
import { log } from "../log";
import { assertSingleRecipient, nodemailerMessage, recipientTag, type Mailer } from "./mailer";

/** the longest any single SMTP step may take */
export const SMTP_TIMEOUT_MS = 10_000;
/**
 * How often a message is retried when its connection closes mid-send. nodemailer's default is unlimited, which lets a
 * server that keeps dropping connections hold a send forever.
 */
const MAX_REQUEUES = 1;

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const url = new URL(options.url);
  const secure = url.protocol === "smtps:";
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const password = decodeURIComponent(url.password);
  const poolOptions: SMTPPool.Options & { maxRequeues: number } = {
    host: url.hostname,
    port,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: password } : undefined,
    pool: true,
    maxConnections: 2,
    maxRequeues: MAX_REQUEUES,
    dnsTimeout: SMTP_TIMEOUT_MS,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    // nodemailer's own logger would print the protocol, AUTH exchange included
    logger: false,
    debug: false,
    // messages are built from strings only: no content may name a local file or a URL to fetch
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  const transport = nodemailer.createTransport(poolOptions);
  const server = `${url.hostname}:${port}`;
  const logger = log("mail");
  const scrub = (text: string) => (password ? text.split(password).join("[redacted]") : text);
  // an 'error' event without a listener would end the process; a broken pooled connection is replaced on the next send
  transport.on("error", (error: Error) => logger.warn({ server, reason: scrub(error.message) }, "smtp connection error"));
  let closed = false;
  return {
    kind: "smtp",
    async send(message) {
      assertSingleRecipient(message.to);
      // a closed nodemailer pool never answers: refuse instead of hanging
      if (closed) throw unavailable();
      try {
        const info = await transport.sendMail(nodemailerMessage(options.from, message));
        logger.info({ messageId: info.messageId, to: recipientTag(message.to), server }, "mail sent");
        return { id: info.messageId };
      } catch (error) {
        const failure = error as { code?: string; responseCode?: number; message?: string };
        // a server's refusal often quotes the recipient ("550 <ann@example.test>: no such user")
        const reason = scrub(String(failure.message ?? error)).split(message.to).join("[recipient]");
        logger.error({ to: recipientTag(message.to), server, code: failure.code, responseCode: failure.responseCode, reason }, "mail could not be sent");
        throw unavailable();
      }
    },
    async close() {
      closed = true;
      transport.close();
    },
  };
}

function unavailable(): AppError {
  return new AppError("MAIL_UNAVAILABLE", "The e-mail could not be sent right now; try again in a few minutes.");
}
