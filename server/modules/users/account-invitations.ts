// Invitations of existing users to an account (create-user.ts makes them). The invitee sees them in the dashboard and
// accepts (a membership with the offered role; the invitation is gone) or declines (gone). The account's admins see
// pending invitations by e-mail address only: the invitee's name stays theirs until they accept.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import type { Role } from "./roles";

export interface PendingInvitation {
  id: number;
  account: { id: number; key: string; name: string };
  role: Role;
  invitedAt: string;
}

export interface SentInvitation {
  id: number;
  email: string;
  role: Role;
  invitedAt: string;
}

/** The invitations waiting for this user, newest first. */
export async function listMyInvitations({ userId }: { userId: number }): Promise<PendingInvitation[]> {
  const rows = await db().accountInvitation.findMany({
    where: { userId },
    select: { id: true, role: true, createdAt: true, account: { select: { id: true, key: true, name: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return rows.map((row) => ({ id: row.id, account: row.account, role: row.role, invitedAt: row.createdAt.toISOString() }));
}

/** An account's pending invitations, by e-mail address only. */
export async function listSentInvitations({ accountId }: { accountId: number }): Promise<SentInvitation[]> {
  const rows = await db().accountInvitation.findMany({
    where: { accountId },
    select: { id: true, role: true, createdAt: true, user: { select: { email: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ id: row.id, email: row.user.email, role: row.role, invitedAt: row.createdAt.toISOString() }));
}

/** Accepts one of the user's own invitations: they become a member with the offered role. */
export async function acceptInvitation(input: { userId: number; id: number }): Promise<{ accountKey: string }> {
  return db().$transaction(async (tx) => {
    const invitation = await tx.accountInvitation.findFirst({
      where: { id: input.id, userId: input.userId },
      select: { id: true, accountId: true, role: true, account: { select: { key: true } } },
    });
    if (!invitation) throw new AppError("NOT_FOUND", "Invitation not found.");
    await tx.membership.upsert({
      where: { userId_accountId: { userId: input.userId, accountId: invitation.accountId } },
      create: { userId: input.userId, accountId: invitation.accountId, role: invitation.role },
      update: {},
    });
    await tx.accountInvitation.delete({ where: { id: invitation.id } });
    return { accountKey: invitation.account.key };
  });
}

/** Declines one of the user's own invitations. */
export async function declineInvitation(input: { userId: number; id: number }): Promise<void> {
  const { count } = await db().accountInvitation.deleteMany({ where: { id: input.id, userId: input.userId } });
  if (count === 0) throw new AppError("NOT_FOUND", "Invitation not found.");
}

/** Withdraws an invitation the account sent (admins). */
export async function withdrawInvitation(input: { accountId: number; id: number }): Promise<void> {
  const { count } = await db().accountInvitation.deleteMany({ where: { id: input.id, accountId: input.accountId } });
  if (count === 0) throw new AppError("NOT_FOUND", "Invitation not found.");
}
