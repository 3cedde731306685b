// Passengers of a route as the dashboard edits them: inputs and the PassengerDto. Their pick-up and drop-off stops
// are chosen from the route's own stops; the contact e-mail and phone are read like a driver's (contact-fields.ts).
// Approval and opt-out are the team's to see: a passenger held back (approved false) or opted out through their
// link gets no messages until the team changes it (send-welcome counts them). Below them, the body and answer of
// send-welcome (spec: "Send-welcome result") and of the public opt-out; the send-welcome body is checked strictly: an
// unknown field refuses the call (422), nothing sent.
import { z } from "zod";
import { AppError } from "../../errors";
import { optionalText } from "../parse-input";
import { ZContactEmail, ZContactPhone } from "../contact-fields";

const ZId = z.number().int().positive();
const ZStopChoice = z.number({ error: "must be chosen from the route's stops" }).int().positive().nullable();

const passengerFields = {
  name: z.string().trim().min(1, "must not be empty").max(120, "must be at most 120 characters"),
  /** the caller's id for the passenger (imports find passengers by it first) */
  externalId: optionalText(z.string().max(100, "must be at most 100 characters")),
  contactName: optionalText(z.string().max(120, "must be at most 120 characters")),
  contactPhone: ZContactPhone,
  contactEmail: ZContactEmail,
  pickupStopId: ZStopChoice,
  dropoffStopId: ZStopChoice,
  approved: z.boolean({ error: "must be true or false" }),
};

export const ZCreatePassenger = z.object({
  accountId: ZId,
  routeId: ZId,
  name: passengerFields.name,
  externalId: passengerFields.externalId.optional(),
  contactName: passengerFields.contactName.optional(),
  contactPhone: passengerFields.contactPhone.optional(),
  contactEmail: passengerFields.contactEmail.optional(),
  pickupStopId: passengerFields.pickupStopId.optional(),
  dropoffStopId: passengerFields.dropoffStopId.optional(),
  approved: passengerFields.approved.default(true),
});
export type CreatePassengerInput = z.input<typeof ZCreatePassenger>;

/** undefined fields stay as they are; null or "" clears one */
export const ZUpdatePassenger = z.object({
  accountId: ZId,
  passengerId: ZId,
  name: passengerFields.name.optional(),
  externalId: passengerFields.externalId.optional(),
  contactName: passengerFields.contactName.optional(),
  contactPhone: passengerFields.contactPhone.optional(),
  contactEmail: passengerFields.contactEmail.optional(),
  pickupStopId: passengerFields.pickupStopId.optional(),
  dropoffStopId: passengerFields.dropoffStopId.optional(),
  approved: passengerFields.approved.optional(),
});
export type UpdatePassengerInput = z.input<typeof ZUpdatePassenger>;

export const ZPassengerRef = z.object({ accountId: ZId, passengerId: ZId });

export const ZListPassengers = z.object({
  accountId: ZId,
  routeId: ZId,
  cursor: z.string().nullish(),
  limit: z.number().int().min(1).max(500).default(100),
});
export type ListPassengersInput = z.input<typeof ZListPassengers>;

export function passengerNotFound(passengerId: number): AppError {
  return new AppError("PASSENGER_NOT_FOUND", `passenger ${passengerId} not found`);
}

export function externalIdTaken(externalId: string, holder: string): AppError {
  const message = `${holder} already has external id "${externalId}"; imports find passengers by it`;
  return new AppError("EXTERNAL_ID_TAKEN", `External id ${externalId} is taken.`, [{ field: "externalId", message }]);
}

export interface PassengerStopDto {
  id: number;
  name: string;
}

export interface PassengerDto {
  id: number;
  route_id: number;
  external_id: string | null;
  name: string;
  contact_name: string | null;
  contact_phone: string | null;
  contact_email: string | null;
  pickup_stop: PassengerStopDto | null;
  dropoff_stop: PassengerStopDto | null;
  /** false: held back from messages by the team */
  approved: boolean;
  /** ISO 8601; set when the passenger opted out through their link; the team may clear it */
  opted_out_at: string | null;
  /** minutes before the bus reaches their stop that the passenger asked to be alerted (on their page); null: off */
  approach_alert_minutes: number | null;
  welcome_sent_at: string | null;
  created_at: string;
  updated_at: string;
}

export const passengerSelect = {
  id: true,
  routeId: true,
  externalId: true,
  name: true,
  contactName: true,
  contactPhone: true,
  contactEmail: true,
  approved: true,
  optedOutAt: true,
  approachAlertMinutes: true,
  welcomeSentAt: true,
  createdAt: true,
  updatedAt: true,
  pickupStop: { select: { id: true, name: true } },
  dropoffStop: { select: { id: true, name: true } },
} as const;

interface PassengerRow {
  id: number;
  routeId: number;
  externalId: string | null;
  name: string;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  approved: boolean;
  optedOutAt: Date | null;
  approachAlertMinutes: number | null;
  welcomeSentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  pickupStop: PassengerStopDto | null;
  dropoffStop: PassengerStopDto | null;
}

export function toPassengerDto(row: PassengerRow): PassengerDto {
  return {
    id: row.id,
    route_id: row.routeId,
    external_id: row.externalId,
    name: row.name,
    contact_name: row.contactName,
    contact_phone: row.contactPhone,
    contact_email: row.contactEmail,
    pickup_stop: row.pickupStop,
    dropoff_stop: row.dropoffStop,
    approved: row.approved,
    opted_out_at: row.optedOutAt?.toISOString() ?? null,
    approach_alert_minutes: row.approachAlertMinutes,
    welcome_sent_at: row.welcomeSentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// ---- send-welcome and opt-out -----------------------------------------------------------------------------------

export const PASSENGER_LIMITS = {
  /** passenger ids per send-welcome call (ours; larger lists are sent in several calls) */
  maxWelcomeIds: 1_000,
  /** send-welcome calls per minute per API key (ours: each call may message a thousand families) */
  welcomeCallsPerMinute: 10,
  /** messages handed to the mailer or SMS provider at once */
  sendConcurrency: 5,
  /** a passenger welcomed less than this long ago is skipped by send-welcome unless the call says `force: true` */
  rewelcomeAfterMs: 24 * 3_600_000,
  /** rotate-link calls per minute per API key (ours) */
  rotationsPerMinute: 60,
} as const;

/** the passenger page's control that stops messages; every welcome message names it in these words */
export const STOP_MESSAGES_LABEL = "Stop messages";

export const ZSendWelcome = z
  .strictObject({
    passenger_ids: z
      .array(z.number({ error: "must be a passenger id" }).int("must be a passenger id").positive("must be a passenger id"), {
        error: "must be an array of passenger ids",
      })
      .min(1, "must hold at least one passenger id")
      .max(PASSENGER_LIMITS.maxWelcomeIds, `at most ${PASSENGER_LIMITS.maxWelcomeIds.toLocaleString("en")} passenger ids per call`),
    force: z
      .boolean({ error: "must be true or false" })
      .optional()
      .meta({ description: "true: also message passengers welcomed in the last 24 hours (counted as recently_welcomed otherwise)" }),
  })
  .meta({ id: "SendWelcomeRequest" });

/** spec, Resources: send-welcome result */
export const ZSendWelcomeResult = z
  .object({
    counts: z.object({
      sent: z.number().int().meta({ description: "welcome messages that went out (e-mail or SMS)" }),
      not_approved: z.number().int().meta({ description: "passengers the team has not approved" }),
      opted_out: z.number().int().meta({ description: "passengers who stopped messages through their link" }),
      no_channel: z.number().int().meta({ description: "neither an e-mail address nor a phone number in international form" }),
      recently_welcomed: z
        .number()
        .int()
        .meta({ description: "(ours) welcomed in the last 24 hours and skipped, since the call did not say force: true" }),
    }),
  })
  .meta({ id: "SendWelcomeResult" });
export type SendWelcomeResult = z.infer<typeof ZSendWelcomeResult>;

/** a passenger's own link, as rotate-link answers it */
export const ZPassengerLink = z
  .object({
    passenger_id: z.number().int(),
    uuid: z.string().meta({ description: "the link's new public identifier" }),
    url: z.string().meta({ description: "{PUBLIC_URL}/t/{uuid}, the address the welcome message carries" }),
  })
  .meta({ id: "PassengerLink" });
export type PassengerLinkDto = z.infer<typeof ZPassengerLink>;

export function toPassengerLinkDto(passengerId: number, link: { uuid: string; url: string }): PassengerLinkDto {
  return { passenger_id: passengerId, uuid: link.uuid, url: link.url };
}

/** the answer of the public opt-out call */
export const ZOptOutResult = z
  .object({ opted_out: z.literal(true), opted_out_at: z.string().meta({ description: "when messages stopped, ISO 8601" }) })
  .meta({ id: "PassengerOptOut" });
export type OptOutResult = z.infer<typeof ZOptOutResult>;

// ---- the approaching-the-stop alert -----------------------------------------------------------------------------

export const APPROACH_ALERT_MINUTES = { min: 1, max: 30 } as const;

/** the passenger page's control for the alert; every approach message names it in these words */
export const APPROACH_ALERT_LABEL = "Alert me before the bus arrives";

/** the body of PUT /api/public/tracking/{uuid}/approach-alert */
export const ZApproachAlertSetting = z
  .strictObject({
    minutes: z
      .number({ error: `must be a whole number of minutes from ${APPROACH_ALERT_MINUTES.min} to ${APPROACH_ALERT_MINUTES.max}, or null to turn the alert off` })
      .int(`must be a whole number of minutes from ${APPROACH_ALERT_MINUTES.min} to ${APPROACH_ALERT_MINUTES.max}`)
      .min(APPROACH_ALERT_MINUTES.min, `must be at least ${APPROACH_ALERT_MINUTES.min}`)
      .max(APPROACH_ALERT_MINUTES.max, `must be at most ${APPROACH_ALERT_MINUTES.max}`)
      .nullable()
      .meta({ description: "minutes before the bus reaches the passenger's stop; null turns the alert off" }),
  })
  .meta({ id: "ApproachAlertSetting" });

/** the passenger's approach alert, as their page shows it */
export const ZApproachAlert = z
  .object({
    minutes: z.number().int().nullable().meta({ description: "minutes before the bus reaches the stop; null: off" }),
    channel: z.enum(["email", "sms"]).nullable().meta({ description: "how the alert is sent (e-mail when there is an address, else SMS); null: neither is on file" }),
    available: z.boolean().meta({ description: "false: the alert cannot be turned on (messages stopped, or no contact on file)" }),
  })
  .meta({ id: "ApproachAlert" });
export type ApproachAlertDto = z.infer<typeof ZApproachAlert>;
