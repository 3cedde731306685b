// Outgoing text messages (welcome messages to passengers without an e-mail address). One provider per process,
// chosen by SMS_PROVIDER (docs/configuration.md "Text messages") and kept on globalThis like the mailer. Message texts
// carry a passenger's tracking link, which is a secret for public links: they never reach the logs.
import { AppError } from "../errors";
import { env, type SmsProviderKind } from "../env";
import { createLogSmsProvider } from "./log-sms-provider";

export interface SmsProvider {
  readonly kind: SmsProviderKind;
  /** `to` is one E.164 number (+37060012345); resolves once the provider took the message, SMS_UNAVAILABLE otherwise */
  send(to: string, text: string): Promise<{ id: string }>;
  close(): Promise<void>;
}

/** longest text accepted: ten concatenated GSM-7 segments (a welcome message needs two) */
export const MAX_SMS_LENGTH = 1530;

/** E.164: a plus, a country code and up to 15 digits in all, nothing else (no list, no line break) */
export function assertSmsRecipient(to: string, text: string): void {
  if (!/^\+[1-9]\d{6,14}$/.test(to)) throw new AppError("VALIDATION_FAILED", "to: must be one phone number in E.164 form, e.g. +37060012345");
  if (text.length === 0 || text.length > MAX_SMS_LENGTH) throw new AppError("VALIDATION_FAILED", `text: must be 1 to ${MAX_SMS_LENGTH} characters`);
}

/** +37060012345 -> +370*****345: enough to tell numbers apart in a log, not enough to call one */
export function maskPhone(e164: string): string {
  const digits = e164.slice(1);
  const shown = Math.min(3, Math.max(0, digits.length - 6));
  return `+${digits.slice(0, shown)}${"*".repeat(Math.max(0, digits.length - shown - 3))}${digits.slice(-3)}`;
}

const store = globalThis as unknown as { __fleetlineSms?: SmsProvider };

export function smsProvider(): SmsProvider {
  if (!store.__fleetlineSms) {
    const config = env();
    switch (config.SMS_PROVIDER) {
      case "log":
        store.__fleetlineSms = createLogSmsProvider({ dataDir: config.DATA_DIR });
        break;
    }
  }
  return store.__fleetlineSms!;
}

/** closes the process's provider, if one was made (shutdown, tests) */
export async function closeSmsProvider(): Promise<void> {
  const current = store.__fleetlineSms;
  store.__fleetlineSms = undefined;
  await current?.close();
}
