// The origin written into documents that must name this server: the Host the browser used, PUBLIC_URL's scheme when
// it is the same host, forwarded headers only behind a trusted proxy.
import { describe, expect, it } from "vitest";
import { requestOrigin } from "./request-origin";

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
