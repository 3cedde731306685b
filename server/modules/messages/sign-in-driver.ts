// Signing in on the driver phone page, with a link's token or with the PIN the account set. Either way the answer
// is a new session (create-driver-session.ts) or DRIVER_SIGN_IN_FAILED, which never says which part was wrong.
//
// Links: single use (the claim is one compare-and-set, so two taps of the same link give one session), 15 minutes.
// PINs: 4 to 8 digits, argon2id; the driver names themself by the phone number or e-mail the account has for them.
// An unknown login still costs one argon2 verification (against a fixed hash), so timing does not tell whether a
// login exists. Five wrong PINs in a row lock the driver's PIN for 15 minutes (DRIVER_PIN_LOCKED, Retry-After);
// callers also limit attempts per address (the route's per-IP budget).
import { z } from "zod";
import { db } from "../../db/client";
import { AppError } from "../../errors";
import { RateLimitedError } from "../../security/rate-limited-error";
import { hashSecret, verifySecret } from "../../security/hashing";
import { sha256Hex } from "../../security/random";
import { parseInput } from "../parse-input";
import { createDriverSession } from "./create-driver-session";

export const MAX_PIN_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 15;

export const ZPin = z.string().regex(/^\d{4,8}$/, "must be 4 to 8 digits");
const failed = () => new AppError("DRIVER_SIGN_IN_FAILED", "This sign-in link or PIN is not valid (links work once, for 15 minutes).");

let decoyHash: Promise<string> | null = null;
/** a hash to verify against when the login is unknown, so that both paths cost the same */
const decoy = () => (decoyHash ??= hashSecret("not-a-pin-of-anyone"));

export async function signInDriverWithLink(input: { accountKey: string; token: string; now?: Date }): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  if (input.token.length === 0 || input.token.length > 128) throw failed();
  const row = await db().driverSignInToken.findUnique({
    where: { tokenHash: sha256Hex(input.token) },
    select: { id: true, accountId: true, driverId: true, driver: { select: { account: { select: { key: true } } } } },
  });
  if (!row || row.driver.account.key !== input.accountKey) throw failed();
  const { count } = await db().driverSignInToken.updateMany({ where: { id: row.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  if (count !== 1) throw failed();
  return createDriverSession({ accountId: row.accountId, driverId: row.driverId, now });
}

export async function signInDriverWithPin(input: { accountKey: string; login: string; pin: string; now?: Date }): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  // an e-mail address as stored (lowercased); a phone number without the spaces, brackets and dashes people type
  const trimmed = input.login.trim();
  const login = trimmed.includes("@") ? trimmed.toLowerCase() : trimmed.replace(/[\s()-]/g, "");
  const pinOk = ZPin.safeParse(input.pin).success;
  const driver = login
    ? await db().driver.findFirst({
        where: { account: { key: input.accountKey }, OR: [{ email: login }, { phone: login }], pin: { isNot: null } },
        select: { id: true, accountId: true, pin: { select: { pinHash: true, failedAttempts: true, lockedUntil: true } } },
      })
    : null;
  if (driver?.pin?.lockedUntil && driver.pin.lockedUntil > now) {
    throw new RateLimitedError(Math.ceil((driver.pin.lockedUntil.getTime() - now.getTime()) / 1000), "Too many wrong PINs: try again later or ask for a sign-in link.", "DRIVER_PIN_LOCKED");
  }
  const matches = await verifySecret(driver?.pin?.pinHash ?? (await decoy()), pinOk ? input.pin : "0000");
  if (!driver || !pinOk || !matches) {
    if (driver) {
      const attempts = driver.pin!.failedAttempts + 1;
      const lock = attempts >= MAX_PIN_ATTEMPTS;
      await db().driverPin.update({
        where: { driverId: driver.id },
        data: { failedAttempts: lock ? 0 : attempts, lockedUntil: lock ? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000) : undefined },
      });
    }
    throw failed();
  }
  await db().driverPin.update({ where: { driverId: driver.id }, data: { failedAttempts: 0, lockedUntil: null } });
  return createDriverSession({ accountId: driver.accountId, driverId: driver.id, now });
}
