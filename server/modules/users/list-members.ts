import { db } from "../../db/client";
import { isServiceUserEmail } from "./service-users";
import type { Member } from "./users.schema";

/** Everyone in an account, oldest membership first. */
export async function listMembers({ accountId }: { accountId: number }): Promise<Member[]> {
  const memberships = await db().membership.findMany({
    where: { accountId },
    select: {
      role: true,
      createdAt: true,
      groupLimited: true,
      scopeGroups: { select: { groupId: true }, orderBy: { groupId: "asc" } },
      user: { select: { id: true, email: true, name: true, passwordHash: true } },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return memberships.map(({ role, createdAt, user, groupLimited, scopeGroups }) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    role,
    canSignIn: user.passwordHash !== null,
    awaitingPassword: user.passwordHash === null && !isServiceUserEmail(user.email),
    joinedAt: createdAt.toISOString(),
    groupIds: groupLimited ? scopeGroups.map((row) => row.groupId) : null,
  }));
}
