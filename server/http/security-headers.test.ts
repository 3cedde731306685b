// Security headers (docs/configuration.md "Security headers"): the policy allows exactly what the pages load (map
// hosts from MAP_STYLE_URL, the WebSocket back to the page's own host, MapLibre's worker) and forbids framing; the
// custom server sets the headers on everything Next.js answers.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { startFleetline } from "../server";
import { contentSecurityPolicy, securityHeaderOptions } from "./security-headers";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** the directives of a policy as name -> sources */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

const options = (env: Record<string, string>) => securityHeaderOptions(parseEnv({ NODE_ENV: "production", ...env }));

describe("contentSecurityPolicy", () => {
  it("allows the default street style's host for map data and nothing else from outside", () => {
    const policy = directives(contentSecurityPolicy(options({})));
    expect(policy["connect-src"]).toEqual(["'self'", "https://tiles.openfreemap.org"]);
    expect(policy["img-src"]).toContain("https://tiles.openfreemap.org");
    expect(policy["script-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy["worker-src"]).toEqual(["'self'", "blob:"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
  });

  it("follows MAP_STYLE_URL: its host when remote, nothing outside when offline or self-hosted", () => {
    const remote = directives(contentSecurityPolicy(options({ MAP_STYLE_URL: "https://maps.example.com:8443/styles/bright.json" })));
    expect(remote["connect-src"]).toEqual(["'self'", "https://maps.example.com:8443"]);
    const offline = directives(contentSecurityPolicy(options({ MAP_STYLE_URL: "offline" })));
    expect(offline["connect-src"]).toEqual(["'self'"]);
    expect(offline["img-src"]).toEqual(["'self'", "data:", "blob:"]);
  });

  it("names the page's own host for its WebSocket, and leaves out a Host header it cannot quote safely", () => {
    const own = directives(contentSecurityPolicy(options({ MAP_STYLE_URL: "offline" }), "fleet.example.com:3000"));
    expect(own["connect-src"]).toEqual(["'self'", "ws://fleet.example.com:3000", "wss://fleet.example.com:3000"]);
    const hostile = contentSecurityPolicy(options({ MAP_STYLE_URL: "offline" }), "evil.com; script-src *");
    expect(hostile).not.toContain("evil.com");
  });

  it("allows eval only to the development server", () => {
    expect(directives(contentSecurityPolicy(options({ NODE_ENV: "development" })))["script-src"]).toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy(options({ NODE_ENV: "test" })))["script-src"]).not.toContain("'unsafe-eval'");
  });
});

describe("the server's answers", () => {
  it("carry the policy, no framing, same-origin referrers and nosniff, and HSTS when PUBLIC_URL is https", async () => {
    const dir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "fleetline-headers-"));
    dirs.push(dir);
    const config = parseEnv({
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      GT06_PORT: "0", OSMAND_PORT: "0",
      TELTONIKA_PORT: "0",
      LOG_LEVEL: "silent",
      FLEET_DEMO: "0",
      DATA_DIR: dir,
      PUBLIC_URL: "https://fleet.example.com",
      MAP_STYLE_URL: "offline",
    });
    const running = await startFleetline(config, {
      next: false,
      fallback: (_request, response) => void response.writeHead(200, { "content-type": "text/html" }).end("<p>page</p>"),
    });
    try {
      const response = await fetch(`http://127.0.0.1:${running.port}/t/some-link`);
      await response.text();
      expect(response.status).toBe(200);
      const policy = directives(response.headers.get("content-security-policy") ?? "");
      expect(policy["frame-ancestors"]).toEqual(["'none'"]);
      expect(policy["connect-src"]).toEqual(["'self'", `ws://127.0.0.1:${running.port}`, `wss://127.0.0.1:${running.port}`]);
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("strict-transport-security")).toBe("max-age=15552000");
    } finally {
      await running.stop();
    }
  }, 120_000);
});
