// Where a message to a passenger's contact goes: e-mail when the passenger has an address, else SMS to a phone in
// international form, else nowhere. One rule for every message (welcome, approaching the stop).
import { smsNumber } from "./sms-number";

export type MessageChannel = { kind: "email"; to: string } | { kind: "sms"; to: string };

export function channelOf(passenger: { contactEmail: string | null; contactPhone: string | null }): MessageChannel | null {
  if (passenger.contactEmail) return { kind: "email", to: passenger.contactEmail };
  const phone = smsNumber(passenger.contactPhone);
  return phone ? { kind: "sms", to: phone } : null;
}
