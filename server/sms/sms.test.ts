// The default SMS provider (SMS_PROVIDER=log) on a real disk: each message becomes a file of the SMS outbox that only
// its owner can read, the log names the number masked and never the text (it carries a tracking link), and a bad
// number or text is refused before anything is written.
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAppError } from "../errors";
import { useCapturedLog } from "../testing/captured-log";
import { readSmsOutbox } from "../testing/sms-capture";
import { createLogSmsProvider, smsOutboxPath } from "./log-sms-provider";
import { maskPhone } from "./sms-provider";

const TEXT = "Follow the bus: https://track.example.test/t/3f1c0a52-9d1e-4c1b-8f3a-0a4c2b9e7d11";
const log = useCapturedLog();

describe("log SMS provider", () => {
  it("writes each message to the SMS outbox and logs the number masked, never the text", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-sms-"));
    const sms = createLogSmsProvider({ dataDir });
    const first = await sms.send("+37060012345", TEXT);
    await sms.send("+447700900123", "Second");
    const outbox = await readSmsOutbox(dataDir);
    expect(outbox.map((message) => [message.to, message.text])).toEqual([
      ["+37060012345", TEXT],
      ["+447700900123", "Second"],
    ]);
    expect(outbox[0]!.id).toBe(first.id);
    expect(Date.parse(outbox[0]!.sent_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(statSync(smsOutboxPath(dataDir)).mode & 0o777).toBe(0o700);
    expect(log.text).toContain("text message written to the SMS outbox");
    expect(log.text).toContain("+370*****345");
    expect(log.text).not.toContain("60012345");
    expect(log.text).not.toContain("3f1c0a52");
  });

  it("refuses anything but one E.164 number, and empty or overlong texts", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-sms-"));
    const sms = createLogSmsProvider({ dataDir });
    for (const to of ["37060012345", "+370 600 12345", "+37060012345,+37060054321", "+37060012345\n", "+0123456"]) {
      const error = await sms.send(to, TEXT).catch((e: unknown) => e);
      expect(isAppError(error) && error.code, to).toBe("VALIDATION_FAILED");
    }
    for (const text of ["", "x".repeat(1531)]) {
      const error = await sms.send("+37060012345", text).catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe("VALIDATION_FAILED");
    }
    expect(await readSmsOutbox(dataDir)).toEqual([]);
  });

  it("fails with SMS_UNAVAILABLE when the outbox cannot be written", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "fleetline-sms-")), "missing", "\0bad");
    const error = await createLogSmsProvider({ dataDir }).send("+37060012345", TEXT).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("SMS_UNAVAILABLE");
    expect(log.text).not.toContain("3f1c0a52");
  });

  it("masks numbers of every length, keeping the country prefix and the last three digits", () => {
    expect(maskPhone("+37060012345")).toBe("+370*****345");
    expect(maskPhone("+12025550123")).toBe("+120*****123");
    expect(maskPhone("+4930123")).toBe("+4***123");
  });
});
