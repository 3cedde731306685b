// Link forms: what a viewer sends through a link's form (POST /api/public/tracking/{uuid}/form), the public shapes
// of the form and of the answer, and a submission as the team sees it ("Passenger messages" in the dashboard).
import { z } from "zod";
import { LINK_FORM_LIMITS } from "../tracking-links/tracking-links.schema";
import { viewerText } from "../tracking-links/viewer-text";

export const ZFormSubmissionBody = z.object({
  choice: z
    .string({ error: "is required" })
    .trim()
    .min(1, "is required")
    .max(LINK_FORM_LIMITS.maxChoiceLength, `must be at most ${LINK_FORM_LIMITS.maxChoiceLength} characters`)
    .meta({ description: "one of the form's choices, exactly" }),
  message: viewerText({ max: LINK_FORM_LIMITS.maxMessageLength, multiline: true }).meta({ description: "optional" }),
});

/** GET .../form: the form of the session's link */
export const ZPublicLinkForm = z
  .object({
    title: z.string(),
    choices: z.array(z.string()).meta({ description: `1 to ${LINK_FORM_LIMITS.maxChoices} choices` }),
  })
  .meta({ id: "LinkForm" });
export type PublicLinkForm = z.infer<typeof ZPublicLinkForm>;

/** POST .../form: what was received (the viewer's confirmation) */
export const ZFormSubmissionReceived = z
  .object({
    choice: z.string(),
    message: z.string().nullable(),
    submitted_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({ id: "LinkFormSubmission" });
export type FormSubmissionReceived = z.infer<typeof ZFormSubmissionReceived>;

export const ZFormSubmissionList = z.object({
  accountId: z.number().int().positive(),
  /** only those nobody has marked seen */
  unseenOnly: z.boolean().default(false),
  cursor: z.string().nullish(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const ZMarkFormSubmissionsSeen = z.object({
  accountId: z.number().int().positive(),
  /** these submissions; absent: every unseen one of the account */
  ids: z.array(z.number().int().positive()).min(1).max(200).optional(),
});

export interface FormSubmissionDto {
  id: number;
  link: { id: number; uuid: string; display_name: string };
  passenger: { id: number; name: string } | null;
  email: string | null;
  choice: string;
  message: string | null;
  seen_at: string | null;
  created_at: string;
}
