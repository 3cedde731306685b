// Adds a person to an account. A new e-mail creates the user (argon2id password; without one the user cannot sign
// in until a password is set); a known e-mail only gains a membership here, and their password is left untouched,
// so nobody can change another account's user's password by "creating" them.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { hashSecret } from "../../security/hashing";
import { isUniqueViolation, parseInput } from "../accounts/parse-input";
import { type CreateUserInput, ZCreateUser } from "./users.schema";

export async function createUser(input: CreateUserInput): Promise<{ id: number }> {
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
      await prisma.membership.create({ data: { userId: existing.id, accountId, role } });
      return { id: existing.id };
    }
    const passwordHash = password === undefined ? null : await hashSecret(password);
    return await prisma.user.create({
      data: { email, name, passwordHash, memberships: { create: { accountId, role } } },
      select: { id: true },
    });
  } catch (error) {
    // two requests for the same e-mail at once: the database's unique indexes decide, the loser gets EMAIL_TAKEN
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}
