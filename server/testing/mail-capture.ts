// Test support for e-mail: a real SMTP server on 127.0.0.1 that keeps what it receives (for SMTP_URL), and readers of
// the outbox (DATA_DIR/outbox, used when SMTP_URL is unset). Messages are parsed with postal-mime. Plain Node, no
// test-runner imports: Playwright specs use these too.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import { outboxPath } from "../mail/outbox-mailer";

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** attached files, their bytes as sent */
  attachments: { fileName: string; contentType: string; content: Buffer }[];
}

async function parse(raw: Buffer | string): Promise<CapturedMail> {
  const email = await PostalMime.parse(raw);
  return {
    from: email.from?.address ?? "",
    to: (email.to ?? []).map((address) => address.address ?? "").filter(Boolean),
    subject: email.subject ?? "",
    text: email.text ?? "",
    attachments: (email.attachments ?? []).map((attachment) => ({
      fileName: attachment.filename ?? "",
      contentType: attachment.mimeType,
      content: Buffer.from(attachment.content as ArrayBuffer),
    })),
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail ${what} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** every message in the outbox of `dataDir`, oldest first (file names sort by time) */
export async function readOutbox(dataDir: string): Promise<CapturedMail[]> {
  const folder = outboxPath(dataDir);
  const files = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith(".eml")).sort();
  return Promise.all(files.map(async (file) => parse(await readFile(path.join(folder, file)))));
}

/** the newest outbox message to `to` (case-insensitive) that arrives within the timeout */
export function waitForOutboxMessage(dataDir: string, options: { to: string; after?: number; timeoutMs?: number }): Promise<CapturedMail> {
  const to = options.to.toLowerCase();
  return waitFor(`to ${to} in the outbox`, async () => {
    const messages = (await readOutbox(dataDir)).filter((mail) => mail.to.some((address) => address.toLowerCase() === to));
    return messages.slice(options.after ?? 0).at(-1);
  }, options.timeoutMs ?? 10_000);
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages: CapturedMail[];
  waitForMessage(options: { to: string; timeoutMs?: number }): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** an SMTP server without TLS or authentication that keeps every message it is given */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        parse(Buffer.concat(chunks)).then(
          (mail) => {
            messages.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage: ({ to, timeoutMs = 10_000 }) =>
      waitFor(`to ${to}`, async () => messages.filter((mail) => mail.to.includes(to.toLowerCase())).at(-1), timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
