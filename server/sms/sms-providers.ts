// The providers SMS_PROVIDER may name (read by server/env.ts, so this file imports nothing). A gateway is added here
// and in sms-provider.ts's factory, with its own file beside log-sms-provider.ts.
export const SMS_PROVIDERS = ["log"] as const;
export type SmsProviderKind = (typeof SMS_PROVIDERS)[number];
