// Test support for text messages: readers of the SMS outbox (DATA_DIR/sms-outbox, written by the default provider
// SMS_PROVIDER=log). Plain Node, no test-runner imports: Playwright specs may use these too.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { smsOutboxPath, type SmsOutboxEntry } from "../sms/log-sms-provider";

/** every message in the SMS outbox of `dataDir`, oldest first (file names sort by time) */
export async function readSmsOutbox(dataDir: string): Promise<SmsOutboxEntry[]> {
  const folder = smsOutboxPath(dataDir);
  const files = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith(".json")).sort();
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(folder, file), "utf8")) as SmsOutboxEntry));
}

/** the newest message to `to` (E.164) that arrives within the timeout */
export async function waitForSms(dataDir: string, options: { to: string; timeoutMs?: number }): Promise<SmsOutboxEntry> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const found = (await readSmsOutbox(dataDir)).filter((message) => message.to === options.to).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for a text message to ${options.to}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
