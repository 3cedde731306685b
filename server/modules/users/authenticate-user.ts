// E-mail + password sign-in. It does the same argon2 work whether or not the e-mail exists (or has a password),
// so response times do not tell an attacker which addresses are registered.
import { db } from "../../db/client";
import { hashSecret, verifySecret } from "../../security/hashing";
import { randomToken } from "../../security/random";
import { ZEmail } from "./users.schema";

let dummyHash: Promise<string> | undefined;

/** A hash nobody knows the password of, verified against when there is no real hash to check. */
function timingDummy(): Promise<string> {
  dummyHash ??= hashSecret(randomToken(24));
  return dummyHash;
}

export async function authenticateUser({
  email,
  password,
}: {
  email: string;
  password: string;
}): Promise<{ id: number; email: string; name: string } | null> {
  const parsed = ZEmail.safeParse(email);
  const user =
    parsed.success && typeof password === "string"
      ? await db().user.findUnique({
          where: { email: parsed.data },
          select: { id: true, email: true, name: true, passwordHash: true },
        })
      : null;
  const hash = user?.passwordHash ?? (await timingDummy());
  const valid = await verifySecret(hash, typeof password === "string" ? password : "");
  if (!user?.passwordHash || !valid) return null;
  return { id: user.id, email: user.email, name: user.name };
}
