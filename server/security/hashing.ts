// Passwords and shown-once secrets (OAuth client secrets, API keys) are stored as argon2id hashes only.
import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes): ~20 ms here, fine for sign-in and token calls.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

/** Constant-time by construction (argon2 recomputes and compares the full hash). False for malformed hashes. */
export async function verifySecret(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
