// The outbox's and the preferences' name of a member as a recipient (docs/notifications.md "Preferences"); extra
// addresses are "email:<address>".
export const memberKey = (userId: number) => `user:${userId}`;
