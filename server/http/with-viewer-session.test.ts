// The viewer-session and public wrappers (no database: the session lookup is the caller's).
import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { randomId } from "../security/random";
import { routeContext } from "../testing/http-fixtures";
import { withPublicAccess } from "./with-public-access";
import { withViewerSession } from "./with-viewer-session";

const sessions = new Map([["good-session-token", { linkUuid: "11111111-2222-3333-4444-555555555555" }]]);
const handler = withViewerSession<{ linkUuid: string }, { uuid: string }>(
  { resolveSession: async (token) => sessions.get(token) ?? null },
  async ({ session, params }) => {
    if (params.uuid !== session.linkUuid) throw new AppError("NOT_FOUND", "Tracking link not found.");
    return { link: session.linkUuid };
  },
);

function request(token?: string): Request {
  return new Request("http://fleetline.test/api/public/tracking/x/location", {
    headers: token === undefined ? {} : { "x-session-token": token },
  });
}

describe("withViewerSession", () => {
  const ctx = routeContext({ uuid: "11111111-2222-3333-4444-555555555555" });

  it("passes the resolved session to the handler", async () => {
    const response = await handler(request("good-session-token"), ctx);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ link: "11111111-2222-3333-4444-555555555555" });
  });

  it("answers 401 Unauthenticated. for a missing, empty, unknown or oversized session token", async () => {
    for (const token of [undefined, "", "unknown", "x".repeat(1000)]) {
      const response = await handler(request(token), ctx);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Unauthenticated." });
    }
  });

  it("maps the handler's errors like every other wrapper", async () => {
    const response = await handler(request("good-session-token"), routeContext({ uuid: "other" }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Tracking link not found.", code: "NOT_FOUND" });
  });
});

describe("withViewerSession's per-IP budget of token lookups", () => {
  it("counts a token before looking it up, refuses past the budget without a lookup, and gives a live session's count back", async () => {
    let lookups = 0;
    const limited = withViewerSession<{ linkUuid: string }, { uuid: string }>(
      {
        resolveSession: async (token) => {
          lookups++;
          return sessions.get(token) ?? null;
        },
        lookupsPerIp: { name: `lookups-${randomId(6)}`, points: 3, duration: 60 },
      },
      async () => ({ ok: true }),
    );
    const ctx = routeContext({ uuid: "11111111-2222-3333-4444-555555555555" });
    const from = (ip: string, token: string) => new Request("http://fleetline.test/x", { headers: { "x-forwarded-for": ip, "x-session-token": token } });
    // a live session's requests never use the budget up (many viewers behind one carrier address)
    for (let i = 0; i < 5; i++) expect((await limited(from("203.0.113.20", "good-session-token"), ctx)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await limited(from("203.0.113.20", `invented-${i}`), ctx)).status).toBe(401);
    expect(lookups).toBe(8);
    for (const token of ["invented-again", "good-session-token"]) {
      const refused = await limited(from("203.0.113.20", token), ctx);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(lookups).toBe(8); // refused before the lookup
    expect((await limited(from("203.0.113.21", "invented-elsewhere"), ctx)).status).toBe(401);
  });
});

describe("withPublicAccess", () => {
  it("rate-limits per client IP with 429 and Retry-After, keyed on the address the trusted proxy appended", async () => {
    const open = withPublicAccess({ rateLimit: { name: `public-${randomId(6)}`, points: 2, duration: 60 } }, async ({ ipKey }) => ({ ip: ipKey }));
    // an appending proxy: the left entries are whatever the client sent, and rotating them must not help
    const from = (ip: string) =>
      new Request("http://fleetline.test/api/public/x", { headers: { "x-forwarded-for": `10.${randomId(3)}, ${ip}` } });
    expect(await (await open(from("203.0.113.7"), routeContext({}))).json()).toEqual({ ip: "203.0.113.7" });
    expect((await open(from("203.0.113.7"), routeContext({}))).status).toBe(200);
    const limited = await open(from("203.0.113.7"), routeContext({}));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await open(from("203.0.113.8"), routeContext({}))).status).toBe(200);
  });
});
