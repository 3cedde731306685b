// Many notifications at once (the alert worker's in-app channel under an alert storm): every input is checked first
// (one bad input refuses the lot, nothing is stored), the rows go in with one insert, then each member's open
// dashboards hear `notification.created` on their `private-user.{userId}` channel, as addInboxNotification does for one.
import { db } from "../../../db/client";
import { publishPrivate } from "../../private-channels/private-channels";
import { userChannel } from "./user-channel-name";
import { INBOX_CREATED_EVENT, toInboxDto, ZAddInboxNotification, type AddInboxNotificationInput, type InboxKind, type InboxNotificationDto } from "./inbox.schema";

interface InsertedRow {
  id: number;
  account_id: number;
  user_id: number;
  kind: InboxKind;
  title: string;
  body: string;
  link: string | null;
  refs: unknown;
  read_at: Date | string | null;
  created_at: Date | string;
}

export async function addInboxNotifications(inputs: readonly AddInboxNotificationInput[]): Promise<InboxNotificationDto[]> {
  if (inputs.length === 0) return [];
  const data = inputs.map((input) => ZAddInboxNotification.parse(input));
  const column = <T>(pick: (row: (typeof data)[number]) => T) => data.map(pick);
  // one INSERT from unnest() of column arrays: Prisma's createMany spends most of a second on 500 rows, this takes
  // milliseconds (as server/modules/imports/route-writes.ts), on PostgreSQL and PGlite alike
  const rows = await db().$queryRaw<InsertedRow[]>`
    INSERT INTO inbox_notifications (account_id, user_id, kind, title, body, link, refs)
    SELECT v.account_id, v.user_id, v.kind::"InboxNotificationKind", v.title, v.body, v.link, v.refs::jsonb
    FROM unnest(
      ${column((r) => r.accountId)}::int[], ${column((r) => r.userId)}::int[], ${column((r) => r.kind)}::text[],
      ${column((r) => r.title)}::text[], ${column((r) => r.body)}::text[], ${column((r) => r.link)}::text[],
      ${column((r) => JSON.stringify(r.refs))}::text[]
    ) AS v(account_id, user_id, kind, title, body, link, refs)
    RETURNING id, account_id, user_id, kind::text AS kind, title, body, link, refs, read_at, created_at`;
  const notifications = rows.map((row) => ({
    userId: row.user_id,
    notification: toInboxDto({
      id: row.id,
      accountId: row.account_id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      refs: typeof row.refs === "string" ? JSON.parse(row.refs) : row.refs,
      readAt: row.read_at === null ? null : new Date(row.read_at),
      createdAt: new Date(row.created_at),
    }),
  }));
  await Promise.all(notifications.map(({ userId, notification }) => publishPrivate(userChannel(userId), INBOX_CREATED_EVENT, notification)));
  return notifications.map(({ notification }) => notification);
}
