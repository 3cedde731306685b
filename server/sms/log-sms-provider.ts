// The default SMS provider (SMS_PROVIDER=log): nothing leaves the machine. Each message is logged with the number
// masked and without its text, and written as a JSON file to DATA_DIR/sms-outbox/ (readable by the owner only, named
// so that files sort by time and never collide), where an operator or a test reads what would have been sent.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors";
import { log } from "../log";
import { randomId } from "../security/random";
import { assertSmsRecipient, maskPhone, type SmsProvider } from "./sms-provider";

export const SMS_OUTBOX_DIR = "sms-outbox";

export function smsOutboxPath(dataDir: string): string {
  return path.resolve(dataDir, SMS_OUTBOX_DIR);
}

/** one file of the SMS outbox */
export interface SmsOutboxEntry {
  id: string;
  to: string;
  text: string;
  /** ISO 8601 */
  sent_at: string;
}

export function createLogSmsProvider(options: { dataDir: string }): SmsProvider {
  const folder = smsOutboxPath(options.dataDir);
  const logger = log("sms");
  return {
    kind: "log",
    async send(to, text) {
      assertSmsRecipient(to, text);
      const now = new Date();
      const id = randomId(12);
      const entry: SmsOutboxEntry = { id, to, text, sent_at: now.toISOString() };
      const file = `${now.toISOString().replace(/[:.]/g, "-")}-${id}.json`;
      try {
        await mkdir(folder, { recursive: true, mode: 0o700 });
        await writeFile(path.join(folder, file), JSON.stringify(entry, null, 2), { mode: 0o600, flag: "wx" });
      } catch (error) {
        logger.error({ err: error, to: maskPhone(to) }, "text message could not be written to the SMS outbox");
        throw new AppError("SMS_UNAVAILABLE", "The text message could not be sent right now; try again in a few minutes.");
      }
      logger.info({ to: maskPhone(to), characters: text.length, file: path.join(SMS_OUTBOX_DIR, file) }, "text message written to the SMS outbox (SMS_PROVIDER=log)");
      return { id };
    },
    async close() {},
  };
}
