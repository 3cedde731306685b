// Access requests to authorised-only tracking links: what a viewer sends (POST /api/public/tracking/{uuid}/
// access-requests), the one answer every request gets, and the request as the team sees it in the dashboard.
import { z } from "zod";
import { ZEmail } from "../tracking-links/tracking-links.schema";
import { viewerText } from "../tracking-links/viewer-text";

export const ACCESS_REQUEST_LIMITS = {
  maxNameLength: 100,
  maxMessageLength: 500,
  /** a rejected address may ask again this long after the decision (earlier asks are answered alike and dropped) */
  rejectedCooldownMs: 24 * 60 * 60 * 1000,
} as const;

export const ACCESS_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

export const ZAccessRequestBody = z.object({
  email: ZEmail,
  name: viewerText({ max: ACCESS_REQUEST_LIMITS.maxNameLength }).meta({ description: "how the team knows the viewer; optional" }),
  message: viewerText({ max: ACCESS_REQUEST_LIMITS.maxMessageLength, multiline: true }).meta({
    description: "a note for the team; optional",
  }),
});
export type AccessRequestBody = z.output<typeof ZAccessRequestBody>;

/** the answer to every accepted request, whatever became of it, so the list of allowed addresses cannot be probed */
export const ZAccessRequestReceived = z
  .object({
    success: z.literal(true),
    message: z.string(),
  })
  .meta({ id: "AccessRequestReceived" });
export type AccessRequestReceived = z.infer<typeof ZAccessRequestReceived>;

export const ACCESS_REQUEST_RECEIVED: AccessRequestReceived = {
  success: true,
  message: "Your request has been passed on. If the team approves it, an e-mail with the link will reach you.",
};

/** which requests a dashboard list shows: those waiting for a decision, or those decided */
export const ZAccessRequestList = z.object({
  accountId: z.number().int().positive(),
  status: z.enum(["pending", "decided"]).default("pending"),
  cursor: z.string().nullish(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const ZAccessRequestDecision = z.object({
  accountId: z.number().int().positive(),
  requestId: z.number().int().positive(),
  /** the team member deciding */
  userId: z.number().int().positive(),
});

export interface AccessRequestDto {
  id: number;
  link: { id: number; uuid: string; display_name: string };
  email: string;
  name: string | null;
  message: string | null;
  status: AccessRequestStatus;
  created_at: string;
  decided_at: string | null;
  decided_by: { id: number; name: string } | null;
}
