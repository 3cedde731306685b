// argon2id cost of one password or secret hash (sign-in, /oauth/token and API-key checks pay it once per call).
import { hashSecret, verifySecret } from "../../server/security/hashing";
import { medianMs, round, type Bench } from "./types";

export default {
  name: "argon2",
  async run() {
    const hashed = await hashSecret("correct horse battery staple");
    return [
      { name: "argon2_hash_ms", value: round(await medianMs(() => hashSecret("correct horse battery staple"))), unit: "ms" },
      { name: "argon2_verify_ms", value: round(await medianMs(() => verifySecret(hashed, "correct horse battery staple"))), unit: "ms" },
    ];
  },
} satisfies Bench;
