// Outgoing e-mail (operations.md: SMTP_URL, or the outbox in DATA_DIR when it is unset). One mailer per process,
// created from the environment on first use and kept on globalThis (the custom server and the Next.js bundle load
// separate copies of this module). Message bodies may carry secrets such as access codes: they never reach the logs.
import { z } from "zod";
import { AppError } from "../errors";
import { env } from "../env";
import { createOutboxMailer } from "./outbox-mailer";
import { createSmtpMailer } from "./smtp-mailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
