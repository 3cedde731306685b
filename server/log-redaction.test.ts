// Secrets never reach a log line, however deep or however spelled: through the process's real pino options.
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "./log";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino(loggerOptions("info"), stream), lines };
}

describe("log redaction", () => {
  it("redacts secret-named keys at any depth and in camelCase, snake_case or header spelling", () => {
    const { logger, lines } = capture();
    const input = {
      user: { profile: { passwordHash: "hash-1", name: "Pilot" } },
      request: { headers: { cookie: "next-auth.session-token=abc", "x-session-token": "sess-2", "user-agent": "ua" } },
      clients: [{ clientId: "public-id", clientSecret: "secret-3" }],
      deep: { a: { b: { c: { api_key: "flk_secret-4", apiKey: "flk_secret-5" } } } },
      accessToken: "jwt-6",
    };
    logger.child({ authorization: "Bearer jwt-7" }).info(input, "something happened");
    const line = lines.join("");
    for (const secret of ["hash-1", "abc", "sess-2", "secret-3", "flk_secret-4", "flk_secret-5", "jwt-6", "jwt-7"]) {
      expect(line).not.toContain(secret);
    }
    const parsed = JSON.parse(line);
    // what is not a secret stays, and the caller's object is untouched
    expect(parsed.user.profile.name).toBe("Pilot");
    expect(parsed.request.headers["user-agent"]).toBe("ua");
    expect(parsed.clients[0].clientId).toBe("public-id");
    expect(parsed.clients[0].clientSecret).toBe("[redacted]");
    expect(input.clients[0]!.clientSecret).toBe("secret-3");
  });

  it("survives cycles and keeps errors serialised", () => {
    const { logger, lines } = capture();
    const cyclic: Record<string, unknown> = { password: "pw-1" };
    cyclic.self = cyclic;
    logger.error({ err: new Error("boom"), cyclic }, "failed");
    const parsed = JSON.parse(lines.join(""));
    expect(parsed.err.message).toBe("boom");
    expect(JSON.stringify(parsed)).not.toContain("pw-1");
  });
});
