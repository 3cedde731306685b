// The rule shared by changing a role and removing a member: an account always keeps at least one admin.
// The account row is locked for the transaction so two admins demoting each other at once cannot both succeed.
import type { Prisma } from "../../generated/prisma/client";
import { AppError } from "../../errors";
import type { Role } from "./roles";

type Tx = Prisma.TransactionClient;

/** Locks the account and returns the member's current role; USER_NOT_FOUND when they are not a member. */
export async function lockMembership(tx: Tx, accountId: number, userId: number): Promise<Role> {
  await tx.$queryRaw`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`;
  const membership = await tx.membership.findUnique({
    where: { userId_accountId: { userId, accountId } },
    select: { role: true },
  });
  if (!membership) throw new AppError("USER_NOT_FOUND", "user is not a member of this account");
  return membership.role;
}

/** Throws LAST_ADMIN when the admin `userId` is the only admin left (call before they stop being one). */
export async function assertAnotherAdmin(tx: Tx, accountId: number, userId: number): Promise<void> {
  const others = await tx.membership.count({ where: { accountId, role: "admin", userId: { not: userId } } });
  if (others === 0) throw new AppError("LAST_ADMIN", "an account must keep at least one admin");
}

/** An admin sees the whole fleet (docs/fleet-records.md "Groups as scopes"): a group-limited member is not made one. */
export async function assertNotGroupLimited(tx: Tx, accountId: number, userId: number): Promise<void> {
  const membership = await tx.membership.findUnique({ where: { userId_accountId: { userId, accountId } }, select: { groupLimited: true } });
  if (!membership?.groupLimited) return;
  const message = "a member limited to some groups cannot be an admin: lift the limit first";
  throw new AppError("VALIDATION_FAILED", `role: ${message}`, [{ field: "role", message }]);
}
