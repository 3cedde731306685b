// The dashboard user's private channel name (docs/notifications-inbox.md "Live"), apart from its authoriser and from
// publishing so the inbox bell's browser code can import it without the server's hub and database code.
export const USER_CHANNEL_PREFIX = "private-user.";

/** the private channel of a dashboard user (the inbox's live feed) */
export function userChannel(userId: number): string {
  return USER_CHANNEL_PREFIX + userId;
}
