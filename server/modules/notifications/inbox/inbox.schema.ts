// The in-app inbox's shapes: what a notification is (kinds, input limits) and how the dashboard receives one.
import { z } from "zod";

export const INBOX_KINDS = ["alert", "report_job", "reminder", "access_request", "driver_message"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** the channel event a new notification is sent as on `private-user.{userId}` */
export const INBOX_CREATED_EVENT = "notification.created";

export const ZAddInboxNotification = z.object({
  accountId: z.number().int().positive(),
  userId: z.number().int().positive(),
  kind: z.enum(INBOX_KINDS),
  title: z.string().trim().min(1, "is required").max(200),
  body: z.string().max(2000).default(""),
  /** a dashboard path (starting with "/"), never another site */
  link: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, "must be a path inside the dashboard")
    .nullish()
    .transform((value) => value ?? null),
  /** ids of what it is about, e.g. {report_job_id: 12}: kept for clean-up and grouping, never shown */
  refs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).default({}),
});
export type AddInboxNotificationInput = z.input<typeof ZAddInboxNotification>;

/** a notification as the dashboard sees it (tRPC and the live channel) */
export interface InboxNotificationDto {
  id: number;
  accountId: number;
  kind: InboxKind;
  title: string;
  body: string;
  link: string | null;
  refs: Record<string, unknown>;
  read: boolean;
  createdAt: string;
}

export const inboxSelect = {
  id: true,
  accountId: true,
  kind: true,
  title: true,
  body: true,
  link: true,
  refs: true,
  readAt: true,
  createdAt: true,
} as const;

export function toInboxDto(row: {
  id: number;
  accountId: number;
  kind: InboxKind;
  title: string;
  body: string;
  link: string | null;
  refs: unknown;
  readAt: Date | null;
  createdAt: Date;
}): InboxNotificationDto {
  return {
    id: row.id,
    accountId: row.accountId,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    refs: (row.refs ?? {}) as Record<string, unknown>,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
