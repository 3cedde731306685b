// The mailers against real receivers: a real SMTP server (smtp-server) and the outbox on disk. What they log is
// captured to check that no subject, no body (access codes), no recipient address and no SMTP password ever reaches
// the logs: a line names the message id and a keyed hash of the recipient.
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAppError } from "../errors";
import { useCapturedLog } from "../testing/captured-log";
import { freePort } from "../testing/free-port";
import { readOutbox, startTestSmtpServer } from "../testing/mail-capture";
import { createOutboxMailer, outboxPath } from "./outbox-mailer";
import { recipientTag } from "./mailer";
import { createSmtpMailer } from "./smtp-mailer";

const SECRET_BODY = "Your code is 482913.";
/** a secret in the subject too: nothing a message says may reach the log, wherever it sits */
const SECRET_SUBJECT = "Code 771245 for Van 1";
const log = useCapturedLog();

/** every captured line, parsed */
const logLines = () => log.text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);

// Recipients are on a domain of their own (parents.test): a message id ends in the sender's domain (example.test), so
// a recipient such as a@example.test could appear inside one by chance (a random id ending in "a").

/** no line names the subject's or the body's secret or a recipient; each mail line names a recipient's tag */
function expectNothingOfTheMessageLogged(recipients: string[]) {
  const lines = logLines();
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const text = JSON.stringify(line);
    for (const secret of ["482913", "771245", "Van 1", ...recipients]) expect(text, text).not.toContain(secret);
    expect(line).not.toHaveProperty("subject");
    if (line.module === "mail" && "to" in line) expect(recipients.map(recipientTag)).toContain(line.to);
  }
}

describe("SMTP mailer", () => {
  it("hands the message to the SMTP server, from the configured sender", async () => {
    const smtp = await startTestSmtpServer();
    const mailer = createSmtpMailer({ url: smtp.url, from: "Fleet <fleet@example.test>" });
    try {
      const sent = await mailer.send({ to: "rider@example.test", subject: SECRET_SUBJECT, text: SECRET_BODY });
      const mail = await smtp.waitForMessage({ to: "rider@example.test" });
      expect(mail).toMatchObject({ from: "fleet@example.test", to: ["rider@example.test"], subject: SECRET_SUBJECT });
      expect(mail.text.trim()).toBe(SECRET_BODY);
      expect(log.text).toContain("mail sent");
      expect(logLines().find((line) => line.msg === "mail sent")).toMatchObject({ messageId: sent.id, to: recipientTag("rider@example.test") });
      expectNothingOfTheMessageLogged(["rider@example.test"]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it("fails a send to a dead server with MAIL_UNAVAILABLE, naming neither password nor body", async () => {
    const port = await freePort(); // nothing listens there
    const mailer = createSmtpMailer({ url: `smtp://fleet:s3cret-pass@127.0.0.1:${port}`, from: "fleet@example.test" });
    try {
      const error = await mailer.send({ to: "rider@example.test", subject: SECRET_SUBJECT, text: SECRET_BODY }).catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe("MAIL_UNAVAILABLE");
      expect(String((error as Error).message)).not.toContain("s3cret");
      expect(log.text).toContain("mail could not be sent");
      // and after close() it refuses at once instead of waiting on a closed pool
      await mailer.close();
      const late = await mailer.send({ to: "rider@example.test", subject: SECRET_SUBJECT, text: SECRET_BODY }).catch((e: unknown) => e);
      expect(isAppError(late) && late.code).toBe("MAIL_UNAVAILABLE");
      expect(log.text).not.toContain("s3cret");
      expectNothingOfTheMessageLogged(["rider@example.test"]);
    } finally {
      await mailer.close();
    }
  });
});

describe("both mailers", () => {
  it("refuse anything but one bare address, so no recipient or header can be slipped in", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-outbox-"));
    const mailers = [createOutboxMailer({ dataDir, from: "fleet@example.test" }), createSmtpMailer({ url: "smtp://127.0.0.1:9", from: "fleet@example.test" })];
    for (const mailer of mailers) {
      for (const to of ["ann@parents.test, bob@parents.test", "Ann <ann@parents.test>", "ann@parents.test\r\nBcc: bob@parents.test"]) {
        const error = await mailer.send({ to, subject: "x", text: "y" }).catch((e: unknown) => e);
        expect(isAppError(error) && error.code).toBe("VALIDATION_FAILED");
      }
      await mailer.close();
    }
    expect(await readOutbox(dataDir)).toEqual([]);
  });
});

describe("outbox mailer", () => {
  it("writes each message as an owner-only .eml file in DATA_DIR/outbox and logs where, not what", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-outbox-"));
    const mailer = createOutboxMailer({ dataDir, from: "Fleet <fleet@example.test>" });
    const first = await mailer.send({ to: "ann@parents.test", subject: SECRET_SUBJECT, text: SECRET_BODY });
    await mailer.send({ to: "bob@parents.test", subject: "Second", text: "Hello" });
    const messages = await readOutbox(dataDir);
    expect(messages.map((mail) => [mail.to, mail.subject])).toEqual([
      [["ann@parents.test"], SECRET_SUBJECT],
      [["bob@parents.test"], "Second"],
    ]);
    expect(messages[0]!.text.trim()).toBe(SECRET_BODY);
    expect(statSync(outboxPath(dataDir)).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(outboxPath(dataDir))) {
      expect(statSync(path.join(outboxPath(dataDir), file)).mode & 0o777).toBe(0o600);
    }
    expect(log.text).toContain("mail written to the outbox");
    const written = logLines().filter((line) => line.msg?.toString().startsWith("mail written to the outbox"));
    expect(written.map((line) => line.to)).toEqual([recipientTag("ann@parents.test"), recipientTag("bob@parents.test")]);
    expect(written[0]).toMatchObject({ messageId: first.id });
    expect(recipientTag("Ann@Parents.test")).toBe(recipientTag("ann@parents.test"));
    expect(recipientTag("ann@parents.test")).not.toBe(recipientTag("bob@parents.test"));
    expect(log.text).not.toContain("Second");
    expectNothingOfTheMessageLogged(["ann@parents.test", "bob@parents.test"]);
  });

  it("writes attachments into the message, byte for byte, and the SMTP transport sends them too", async () => {
    const bytes = new Uint8Array(2048).map((_, i) => (i * 7) % 256); // every byte value, not text
    const attachment = { fileName: "trips-2026-11-01-2026-11-30.pdf", contentType: "application/pdf", content: bytes };
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-outbox-"));
    await createOutboxMailer({ dataDir, from: "Fleet <fleet@example.test>" }).send({ to: "ann@parents.test", subject: "Report", text: "Attached.", attachments: [attachment] });
    const [mail] = await readOutbox(dataDir);
    expect(mail!.attachments.map((a) => [a.fileName, a.contentType])).toEqual([["trips-2026-11-01-2026-11-30.pdf", "application/pdf"]]);
    expect(Buffer.compare(mail!.attachments[0]!.content, Buffer.from(bytes))).toBe(0);

    const smtp = await startTestSmtpServer();
    const mailer = createSmtpMailer({ url: smtp.url, from: "Fleet <fleet@example.test>" });
    try {
      await mailer.send({ to: "bob@parents.test", subject: "Report", text: "Attached.", attachments: [attachment] });
      const sent = await smtp.waitForMessage({ to: "bob@parents.test" });
      expect(Buffer.compare(sent.attachments[0]!.content, Buffer.from(bytes))).toBe(0);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});
