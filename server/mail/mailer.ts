// Outgoing e-mail (operations.md: SMTP_URL, or the outbox in DATA_DIR when it is unset). One mailer per process,
// created from the environment on first use and kept on globalThis (the custom server and the Next.js bundle load
// separate copies of this module). Messages may carry secrets such as access codes (in the body; subjects are kept
// free of them too) and their recipients are personal data: a log line names a message by its id and its recipient
// by `recipientTag`, never the address, the subject or the body.
import { createHmac } from "node:crypto";
import { z } from "zod";
import { AppError } from "../errors";
import { env } from "../env";
import { derivedKey } from "../security/derived-key";
import { createOutboxMailer } from "./outbox-mailer";
import { createSmtpMailer } from "./smtp-mailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** files sent with the message (scheduled reports: the PDF or XLSX) */
  attachments?: MailAttachment[];
  /** extra headers (notifications: List-Unsubscribe, List-Unsubscribe-Post); values are fixed strings and URLs */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  /** the file name the recipient sees, e.g. "trips-2026-11-01-2026-11-30.pdf" */
  fileName: string;
  contentType: string;
  content: Uint8Array;
}

/** the message as nodemailer takes it (both transports): attachments as buffers, never a path or a URL to read */
export function nodemailerMessage(from: string, message: MailMessage) {
  const { attachments, ...rest } = message;
  return {
    from,
    ...rest,
    ...(attachments?.length
      ? {
          attachments: attachments.map((attachment) => ({
            filename: attachment.fileName,
            contentType: attachment.contentType,
            content: Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
          })),
        }
      : {}),
  };
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  /** resolves once the message is handed to the SMTP server or written to the outbox; MAIL_UNAVAILABLE otherwise */
  send(message: MailMessage): Promise<{ id: string }>;
  close(): Promise<void>;
}

/**
 * A message goes to exactly one bare address: a list, a display name or a line break in `to` could add recipients or
 * headers, so anything else is refused before it reaches a transport.
 */
export function assertSingleRecipient(to: string): void {
  if (!z.email().safeParse(to).success) throw new AppError("VALIDATION_FAILED", "to: must be one e-mail address");
}

/**
 * The recipient as the log names it: 16 hex digits of an HMAC of the lowercased address keyed from AUTH_SECRET. Equal
 * addresses give equal tags, so an operator can follow one recipient's mail through the log (and compute the tag of
 * an address a user names with this function), but the log alone gives no address back, not even by trying a list
 * of known addresses.
 */
export function recipientTag(address: string): string {
  return createHmac("sha256", derivedKey("fleetline/log-recipient/v1")).update(address.trim().toLowerCase()).digest("hex").slice(0, 16);
}

const store = globalThis as unknown as { __fleetlineMailer?: Mailer };

/** the sender: MAIL_FROM, else no-reply at the host of PUBLIC_URL */
export function defaultFrom(): string {
  const config = env();
  return config.MAIL_FROM ?? `Fleetline <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
}

export function mailer(): Mailer {
  if (!store.__fleetlineMailer) {
    const config = env();
    store.__fleetlineMailer = config.SMTP_URL
      ? createSmtpMailer({ url: config.SMTP_URL, from: defaultFrom() })
      : createOutboxMailer({ dataDir: config.DATA_DIR, from: defaultFrom() });
  }
  return store.__fleetlineMailer;
}

/** closes the process's mailer, if one was made (shutdown, tests) */
export async function closeMailer(): Promise<void> {
  const current = store.__fleetlineMailer;
  store.__fleetlineMailer = undefined;
  await current?.close();
}
