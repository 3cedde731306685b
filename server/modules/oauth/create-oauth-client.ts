// Creates an OAuth client for an account. The client acts as a user (GET /api/v1/user answers with it): the one
// given, else the account's earliest admin, else a service user without a password made for the account (it can
// never sign in). Its scopes cannot exceed what that member's role allows (role-scopes.ts): asking for more is a 422;
// leaving scopes out gives every scope the role allows. The secret is returned once and stored as an argon2id hash.
// An account holds at most ACCOUNT_QUOTAS.oauth_clients clients that are not revoked.
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { hashSecret } from "../../security/hashing";
import { randomId, randomToken } from "../../security/random";
import { takeAccountQuota } from "../accounts/account-quotas";
import { parseInput } from "../parse-input";
import { SERVICE_USER_DOMAIN } from "../users/service-users";
import { type CreateOAuthClientInput, ZCreateOAuthClient } from "./oauth.schema";
import { scopesForRole } from "./role-scopes";
import type { Scope } from "./scopes";

export async function createOAuthClient(
  input: CreateOAuthClientInput,
): Promise<{ id: number; clientId: string; clientSecret: string }> {
  const { accountId, userId, name, scopes: asked } = parseInput(ZCreateOAuthClient, input);
  const account = await db().account.findUnique({ where: { id: accountId }, select: { id: true, key: true, name: true } });
  if (!account) throw new AppError("ACCOUNT_NOT_FOUND", "Account not found.");

  const actingUserId = userId === undefined ? await defaultActingUser(account) : await memberUser(accountId, userId);
  const scopes = await scopesWithinRole(accountId, actingUserId, asked, input.scopes === undefined);
  const clientId = randomId(24);
  const clientSecret = randomToken(32);
  const secretHash = await hashSecret(clientSecret); // before the transaction: argon2 takes a while
  const created = await db().$transaction(async (tx) => {
    await takeAccountQuota(tx, accountId, "oauth_clients");
    return tx.oAuthClient.create({
      data: { accountId, userId: actingUserId, name, clientId, secretHash, scopes },
      select: { id: true },
    });
  });
  return { id: created.id, clientId, clientSecret };
}

/** `asked`, refused with a 422 naming the scopes beyond what the member's role allows (or cut to them: `allByDefault`) */
export async function scopesWithinRole(accountId: number, userId: number, asked: Scope[], allByDefault: boolean): Promise<Scope[]> {
  const membership = await db().membership.findUnique({
    where: { userId_accountId: { userId, accountId } },
    select: { role: true },
  });
  const allowed = scopesForRole(membership?.role);
  if (allByDefault) return asked.filter((scope) => allowed.includes(scope));
  const beyond = asked.filter((scope) => !allowed.includes(scope));
  if (beyond.length > 0) {
    const error = { field: "scopes", message: `the acting user's role does not allow: ${beyond.join(", ")}` };
    // the message names the field, as parseInput's do (the CLI prints only the message)
    throw new AppError("VALIDATION_FAILED", `${error.field}: ${error.message}`, [error]);
  }
  return asked;
}

async function memberUser(accountId: number, userId: number): Promise<number> {
  const membership = await db().membership.findUnique({
    where: { userId_accountId: { userId, accountId } },
    select: { userId: true },
  });
  if (!membership) throw new AppError("USER_NOT_FOUND", "User not found in this account.");
  return membership.userId;
}

async function defaultActingUser(account: { id: number; key: string; name: string }): Promise<number> {
  const admin = await db().membership.findFirst({
    where: { accountId: account.id, role: "admin" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { userId: true },
  });
  if (admin) return admin.userId;
  // One service user per account, reused by later clients. fleet_manager, not admin: it must not count as the
  // account's admin (LAST_ADMIN) nor become "the earliest admin" that later clients act as.
  const email = `api+${account.key}@${SERVICE_USER_DOMAIN}`;
  const user = await db().user.upsert({
    where: { email },
    create: { email, name: `${account.name} API`, passwordHash: null },
    update: {},
    select: { id: true },
  });
  await db().membership.upsert({
    where: { userId_accountId: { userId: user.id, accountId: account.id } },
    create: { userId: user.id, accountId: account.id, role: "fleet_manager" },
    update: {},
  });
  return user.id;
}
