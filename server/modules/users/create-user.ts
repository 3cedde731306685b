// Adds a person to an account. A new e-mail creates the user (argon2id password; without one the user cannot sign
// in until a password is set). A known e-mail belongs to somebody who may be a member of other accounts: adding them
// silently would put this account in their switcher and their name in this account's list without their consent,
// so they get an invitation instead (accept-invitation.ts), and their password and name are left untouched. The
// platform operator's CLI may add them directly (`existingUser: "add"`).
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { hashSecret } from "../../security/hashing";
import { isUniqueViolation, parseInput } from "../parse-input";
import { type CreateUserInput, ZCreateUser } from "./users.schema";

export interface CreateUserOptions {
  /** what happens to a known e-mail: "invite" (default; they accept in the dashboard) or "add" (operator CLI) */
  existingUser?: "invite" | "add";
}

/** `invited`: the e-mail already had a user, who now has an invitation to accept (not yet a member). */
export async function createUser(
  input: CreateUserInput,
  options: CreateUserOptions = {},
): Promise<{ id: number; invited: boolean }> {
  const { accountId, email, name, password, role } = parseInput(ZCreateUser, input);
  const prisma = db();
  const account = await prisma.account.findUnique({ where: { id: accountId }, select: { id: true } });
  if (!account) throw new AppError("ACCOUNT_NOT_FOUND", "account not found");

  const taken = () => new AppError("EMAIL_TAKEN", `${email} is already a member of this account`);
  const existing = await prisma.user.findUnique({
    where: { email },
    select: { id: true, memberships: { where: { accountId }, select: { id: true } } },
  });
  try {
    if (existing) {
      if (existing.memberships.length > 0) throw taken();
      if (options.existingUser === "add") {
        await prisma.membership.create({ data: { userId: existing.id, accountId, role } });
        await prisma.accountInvitation.deleteMany({ where: { userId: existing.id, accountId } });
        return { id: existing.id, invited: false };
      }
      // inviting again only changes the role offered
      await prisma.accountInvitation.upsert({
        where: { userId_accountId: { userId: existing.id, accountId } },
        create: { userId: existing.id, accountId, role },
        update: { role },
      });
      return { id: existing.id, invited: true };
    }
    const passwordHash = password === undefined ? null : await hashSecret(password);
    const created = await prisma.user.create({
      data: { email, name, passwordHash, memberships: { create: { accountId, role } } },
      select: { id: true },
    });
    return { id: created.id, invited: false };
  } catch (error) {
    // two requests for the same e-mail at once: the database's unique indexes decide, the loser gets EMAIL_TAKEN
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
