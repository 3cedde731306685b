// Test helpers for the dashboard API: accounts with one member per role, a caller acting as a given user, and the
// TRPCError a refused call rejects with.
// Everything goes through the real use cases and the real database (useTestDatabase).
import { TRPCError } from "@trpc/server";
import { createAccount } from "../modules/accounts/create-account";
import { createUser } from "../modules/users/create-user";
import { ROLES, type Role } from "../modules/users/roles";
import { randomId } from "../security/random";
import { createCaller } from "../trpc/root";

export interface FixtureAccount {
  id: number;
  key: string;
  /** user id per role; each user is a member of this account only */
  users: Record<Role, number>;
}

export const FIXTURE_PASSWORD = "correct horse battery";

/** A fresh account with one member in every role (created admin first, so the account always has an admin). */
export async function createFixtureAccount(name = "Fixture fleet"): Promise<FixtureAccount> {
  const account = await createAccount({ name });
  const users = {} as Record<Role, number>;
  for (const role of ROLES) {
    const { id } = await createUser({
      accountId: account.id,
      email: `${role}-${randomId(8)}@example.test`.toLowerCase(),
      name: `${role} user`,
      password: FIXTURE_PASSWORD,
      role,
    });
    users[role] = id;
  }
  return { id: account.id, key: account.key, users };
}

/** The dashboard API as `userId` sees it (null: not signed in). */
export function callerFor(userId: number | null) {
  return createCaller({ userId });
}

/** The TRPCError `promise` rejects with; throws when it resolves or rejects with anything else. */
export async function refusal(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) throw new Error(`expected a TRPCError, got ${String(error)}`);
  return error;
}
