// The origin written into documents that must name this server: the Host the browser used, PUBLIC_URL's scheme when
// it is the same host, forwarded headers only behind a trusted proxy.
import { describe, expect, it } from "vitest";
import { crossSiteReason, requestOrigin } from "./request-origin";

const direct = { PUBLIC_URL: "https://fleet.example.com", TRUST_PROXY: false };
const proxied = { ...direct, TRUST_PROXY: true };

function request(headers: Record<string, string>): Request {
  return new Request("http://localhost:3000/map/style.json", { headers });
}

describe("requestOrigin", () => {
  it("answers PUBLIC_URL's origin for its own host, whatever scheme the connection had", () => {
    expect(requestOrigin(request({ host: "fleet.example.com" }), direct)).toBe("https://fleet.example.com");
  });

  it("answers the Host the browser used over plain HTTP when it is another name", () => {
    expect(requestOrigin(request({ host: "192.168.1.20:3000" }), direct)).toBe("http://192.168.1.20:3000");
    expect(requestOrigin(request({ host: "[::1]:3000" }), direct)).toBe("http://[::1]:3000");
  });

  it("ignores forwarded headers unless TRUST_PROXY is set", () => {
    const headers = { host: "10.0.0.5:3000", "x-forwarded-host": "maps.example.org", "x-forwarded-proto": "https" };
    expect(requestOrigin(request(headers), direct)).toBe("http://10.0.0.5:3000");
    expect(requestOrigin(request(headers), proxied)).toBe("https://maps.example.org");
    expect(requestOrigin(request({ ...headers, "x-forwarded-host": "a.example.org, b.example.org" }), proxied)).toBe("https://a.example.org");
  });

  it("falls back to PUBLIC_URL for a missing or malformed host and refuses other schemes", () => {
    expect(requestOrigin(request({}), direct)).toBe("https://fleet.example.com");
    expect(requestOrigin(request({ host: "evil.example/x?" }), direct)).toBe("https://fleet.example.com");
    expect(requestOrigin(request({ host: "maps.example.org", "x-forwarded-proto": "javascript" }), proxied)).toBe("http://maps.example.org");
  });
});

describe("crossSiteReason", () => {
  const post = (headers: Record<string, string>) => new Request("http://localhost:3000/api/trpc/assets.create", { method: "POST", headers });

  it("accepts PUBLIC_URL's origin and the origin the browser used, over https too", () => {
    expect(crossSiteReason(post({ host: "fleet.example.com", origin: "https://fleet.example.com" }), direct)).toBeNull();
    expect(crossSiteReason(post({ host: "10.0.0.5:3000", origin: "https://fleet.example.com" }), direct)).toBeNull();
    expect(crossSiteReason(post({ host: "192.168.1.20:3000", origin: "http://192.168.1.20:3000" }), direct)).toBeNull();
    // a TLS proxy in front, without TRUST_PROXY: the connection looks like http, the page was https
    expect(crossSiteReason(post({ host: "fleet.internal", origin: "https://fleet.internal" }), direct)).toBeNull();
    // behind a trusted proxy, the host it forwards
    const forwarded = { host: "10.0.0.5:3000", "x-forwarded-host": "maps.example.org", "x-forwarded-proto": "https", origin: "https://maps.example.org" };
    expect(crossSiteReason(post(forwarded), proxied)).toBeNull();
    expect(crossSiteReason(post(forwarded), direct)).toBe("Refused: this request comes from a page of https://maps.example.org, not from this server's own pages (http://10.0.0.5:3000).");
  });

  it("refuses another origin, a plain-http page for an https server and an opaque origin", () => {
    expect(crossSiteReason(post({ host: "fleet.example.com", origin: "https://evil.example" }), direct)).toBe(
      "Refused: this request comes from a page of https://evil.example, not from this server's own pages (https://fleet.example.com).",
    );
    expect(crossSiteReason(post({ host: "fleet.example.com", origin: "http://fleet.example.com" }), direct)).toMatch(/^Refused/);
    expect(crossSiteReason(post({ host: "fleet.example.com", origin: "https://fleet.example.com.evil.example" }), direct)).toMatch(/^Refused/);
    expect(crossSiteReason(post({ host: "fleet.example.com", origin: "null" }), direct)).toMatch(/^Refused/);
  });

  it("reads Sec-Fetch-Site when there is no Origin, and lets callers that are no browser through", () => {
    expect(crossSiteReason(post({ "sec-fetch-site": "same-origin" }), direct)).toBeNull();
    expect(crossSiteReason(post({ "sec-fetch-site": "none" }), direct)).toBeNull();
    expect(crossSiteReason(post({ "sec-fetch-site": "same-site" }), direct)).toMatch(/Sec-Fetch-Site: same-site/);
    expect(crossSiteReason(post({ "sec-fetch-site": "cross-site" }), direct)).toBe(
      "Refused: this request comes from another site (Sec-Fetch-Site: cross-site), not from this server's own pages (https://fleet.example.com).",
    );
    expect(crossSiteReason(post({}), direct)).toBeNull();
  });
});
