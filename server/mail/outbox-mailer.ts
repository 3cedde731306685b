// Mail without an SMTP server (SMTP_URL unset): each message is written as an RFC 822 file to DATA_DIR/outbox/,
// named so that files sort by time and never collide, readable by the owner only (messages carry access codes).
// The log says that a message was written, its message id, its file and the recipient's tag (mailer.ts), never the
// address, the subject or the body.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { AppError } from "../errors";
import { log } from "../log";
import { randomId } from "../security/random";
import { assertSingleRecipient, nodemailerMessage, recipientTag, type Mailer } from "./mailer";

export const OUTBOX_DIR = "outbox";

export function outboxPath(dataDir: string): string {
  return path.resolve(dataDir, OUTBOX_DIR);
}

export function createOutboxMailer(options: { dataDir: string; from: string }): Mailer {
  const folder = outboxPath(options.dataDir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const logger = log("mail");
  return {
    kind: "outbox",
    async send(message) {
      assertSingleRecipient(message.to);
      try {
        const built = await builder.sendMail(nodemailerMessage(options.from, message));
        const file = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomId(8)}.eml`;
        await mkdir(folder, { recursive: true, mode: 0o700 });
        await writeFile(path.join(folder, file), built.message as Buffer, { mode: 0o600, flag: "wx" });
        logger.info(
          { messageId: built.messageId, to: recipientTag(message.to), file: path.join(OUTBOX_DIR, file) },
          "mail written to the outbox (SMTP_URL is not set)",
        );
        return { id: built.messageId };
      } catch (error) {
        logger.error({ err: error, to: recipientTag(message.to) }, "mail could not be written to the outbox");
        throw new AppError("MAIL_UNAVAILABLE", "The e-mail could not be sent right now; try again in a few minutes.");
      }
    },
    async close() {},
  };
}
