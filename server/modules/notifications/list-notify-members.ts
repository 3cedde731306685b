// The members a rule's `notify` block may name (docs/notifications.md "Recipients and channels"), for the rule form's
// member picker and for showing `user:<id>` recipients by name on an alert's deliveries. Every role that reads
// alerts gets it (the users page's list is for admins only): name, address and role, nothing else. Service users
// (API clients, no password) are left out because they are never recipients.
import { z } from "zod";
import { db } from "../../db/client";
import { MEMBER_ROLES } from "./notify-config";

export const ZNotifyMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
});
export type NotifyMember = z.infer<typeof ZNotifyMember>;

/** the account's members who can be notified, by name */
export async function listNotifyMembers({ accountId }: { accountId: number }): Promise<NotifyMember[]> {
  const memberships = await db().membership.findMany({
    where: { accountId, user: { passwordHash: { not: null } } },
    select: { role: true, user: { select: { id: true, name: true, email: true } } },
    orderBy: [{ user: { name: "asc" } }, { userId: "asc" }],
  });
  return memberships.map(({ role, user }) => ({ id: user.id, name: user.name, email: user.email, role }));
}
