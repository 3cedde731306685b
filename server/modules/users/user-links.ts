// One-time links mailed to a person (docs/dashboard.md "Password links"): a password reset, or the welcome of a new
// user who chooses their first password. The token is 32 random bytes and lives only in the e-mail; the database
// keeps its SHA-256, so a leaked table opens nothing (a token this random needs no slow hash). A link works once:
// using it deletes its row in the same transaction that sets the password, so two clicks at once cannot both win.
// Issuing a new link of a purpose deletes the person's older ones, so only the latest e-mail works.
import { db } from "../../db/client";
import { env } from "../../env";
import { randomToken, sha256Hex } from "../../security/random";
import type { UserLinkPurpose } from "../../generated/prisma/client";

export type { UserLinkPurpose };

/** how long each kind of link works: a reset soon after it was asked for, a welcome while the invitee gets round to it */
export const USER_LINK_LIFETIME_MS: Record<UserLinkPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  welcome: 7 * 24 * 60 * 60 * 1000,
};

/** the page a link opens, with its token */
export function userLinkUrl(token: string): string {
  return new URL(`/sign-in/set-password?token=${encodeURIComponent(token)}`, env().PUBLIC_URL).toString();
}

/** A new link for the user (older ones of the purpose stop working); answers the token, to be mailed and forgotten. */
export async function issueUserLink(input: { userId: number; purpose: UserLinkPurpose; now?: Date }): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + USER_LINK_LIFETIME_MS[input.purpose]);
  await db().$transaction([
    db().userLink.deleteMany({ where: { userId: input.userId, purpose: input.purpose } }),
    db().userLink.create({ data: { userId: input.userId, purpose: input.purpose, tokenHash: sha256Hex(token), expiresAt, createdAt: now } }),
  ]);
  return { token, expiresAt };
}

export interface UserLinkInfo {
  id: number;
  userId: number;
  purpose: UserLinkPurpose;
  email: string;
  name: string;
  expiresAt: Date;
}

/** What a token opens, or null when it names no link or its link has expired. */
export async function findUserLink(token: string | null | undefined, now = new Date()): Promise<UserLinkInfo | null> {
  // anything that is not a token of ours is not looked up at all
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await db().userLink.findUnique({
    where: { tokenHash: sha256Hex(token) },
    select: { id: true, userId: true, purpose: true, expiresAt: true, user: { select: { email: true, name: true } } },
  });
  if (!row || row.expiresAt <= now) return null;
  return { id: row.id, userId: row.userId, purpose: row.purpose, email: row.user.email, name: row.user.name, expiresAt: row.expiresAt };
}
