// A webhook's signing secret: 32 random bytes shown once as `whsec_<base64url>`. Unlike passwords and API keys it
// cannot be stored as a hash, since every delivery needs it to sign; it is stored encrypted with AES-256-GCM under a
// key derived from AUTH_SECRET for this purpose only, bound to its account (the account id is the authenticated
// data), so a copied column opens nothing without the server's secret and a row moved to another account does not
// decrypt. Stored form: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "../../security/derived-key";
import { randomToken } from "../../security/random";

const PURPOSE = "fleetline/webhook-secret/v1";
const VERSION = "v1";
const IV_BYTES = 12; // GCM's standard nonce size
const TAG_BYTES = 16;

export const WEBHOOK_SECRET_PREFIX = "whsec_";

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomToken(32);
}

const associatedData = (accountId: number) => Buffer.from(`webhook-secret:account:${accountId}`);

export function encryptWebhookSecret(secret: string, accountId: number): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(PURPOSE), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(accountId));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

export class WebhookSecretUnreadableError extends Error {
  constructor() {
    super("the webhook's secret cannot be decrypted (was AUTH_SECRET changed?)");
    this.name = "WebhookSecretUnreadableError";
  }
}

/** the secret, or WebhookSecretUnreadableError when the stored form was altered or AUTH_SECRET is not the one used */
export function decryptWebhookSecret(stored: string, accountId: number): string {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new WebhookSecretUnreadableError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", derivedKey(PURPOSE), Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(accountId));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new WebhookSecretUnreadableError();
  }
}
