// The SSRF guard on real addresses, and on names a real name server on 127.0.0.1 resolves (server/testing/dns-server.ts),
// including the case no public name produces on demand: a name that resolves to a private address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../testing/dns-server";
import { checkWebhookDestination, isPublicAddress } from "./webhook-destination";

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1"], ["127.255.0.9"], ["10.1.2.3"], ["172.16.0.1"], ["172.31.255.255"], ["192.168.1.1"], ["169.254.169.254"],
    ["100.64.0.1"], ["0.0.0.0"], ["224.0.0.1"], ["255.255.255.255"], ["198.18.0.1"], ["192.0.2.10"],
    ["::1"], ["::"], ["fd00::1"], ["fe80::1"], ["ff02::1"], ["2001:db8::1"],
    ["::ffff:127.0.0.1"], ["::ffff:7f00:1"], ["::ffff:10.0.0.1"], ["64:ff9b::192.168.0.1"],
    // IPv4-compatible (::/96, deprecated): refused whatever it carries
    ["::127.0.0.1"], ["::7f00:1"], ["::8.8.8.8"], ["::a00:1"],
    // site-local (fec0::/10, deprecated but still routed inside some networks)
    ["fec0::1"], ["feff:ffff::1"],
    // 6to4 (2002::/16) carrying a non-public IPv4 address, in every spelling
    ["2002:7f00:1::"], ["2002:7f00:0001:0:0:0:0:1"], ["2002:a00:1::1"], ["2002:c0a8:101::"], ["2002:a9fe:a9fe::"], ["2002::"],
    // local-use NAT64 (64:ff9b:1::/48, RFC 8215): its translator may reach anything inside
    ["64:ff9b:1::808:808"], ["64:ff9b:1:ffff::1"],
    ["FE80::1"], ["::FFFF:7F00:1"],
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([["8.8.8.8"], ["172.32.0.1"], ["1.1.1.1"], ["2606:4700:4700::1111"], ["::ffff:8.8.8.8"], ["64:ff9b::808:808"],
    // 6to4 carrying a public IPv4 address is judged like it; the NAT64 range next to 64:ff9b:1::/48 is not in it
    ["2002:808:808::1"], ["2002:0808:0808:0:0:0:0:1"], ["64:ff9b:2::1"]])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("is false for what is not an address", () => {
    expect(isPublicAddress("example.com")).toBe(false);
  });
});

describe("checkWebhookDestination", () => {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startDnsServer({
      "hooks.example.test": { A: ["93.184.215.14", "10.0.0.5"] },
      "intranet.example.test": { A: ["10.20.30.40"] },
      "public.example.test": { A: ["93.184.215.14"], AAAA: ["2606:2800:220:1::1"] },
      "sixtofour.example.test": { AAAA: ["2002:a00:1::1"] },
    });
  });
  afterAll(() => dns.close());
  /** public receivers only, names resolved by the test's name server */
  const strict = () => ({ allowPrivate: false, lookup: { servers: dns.servers } });
  const NOT_PUBLIC = /^points at a non-public address; the operator can allow these with WEBHOOK_ALLOW_PRIVATE=1$/;

  it("accepts a public address and returns it for the connection", async () => {
    expect(await checkWebhookDestination("https://93.184.215.14/hooks", strict())).toMatchObject({ ok: true, addresses: [{ address: "93.184.215.14", family: 4 }] });
  });

  it("accepts a name whose every address is public and returns them all, IPv4 and IPv6", async () => {
    expect(await checkWebhookDestination("https://public.example.test/hooks", strict())).toMatchObject({
      ok: true,
      addresses: [
        { address: "93.184.215.14", family: 4 },
        { address: "2606:2800:220:1::1", family: 6 },
      ],
    });
  });

  it.each([
    ["http://127.0.0.1:8080/hook", NOT_PUBLIC],
    ["http://[::1]/hook", NOT_PUBLIC],
    ["http://localhost:3000/hook", NOT_PUBLIC],
    ["http://169.254.169.254/latest/meta-data", NOT_PUBLIC],
    ["ftp://93.184.215.14/x", /http or https/],
    ["not a url", /absolute/],
    ["https://user:pass@93.184.215.14/", /user name or password/],
    ["http://[::127.0.0.1]/hook", NOT_PUBLIC],
    ["http://[fec0::1]/hook", NOT_PUBLIC],
    ["http://[2002:7f00:1::]/hook", NOT_PUBLIC],
    ["http://[64:ff9b:1::a00:1]/hook", NOT_PUBLIC],
    ["https://sixtofour.example.test/hook", NOT_PUBLIC],
    ["https://no-such-host.example.test/hook", /^host no-such-host\.example\.test does not resolve$/],
  ])("refuses %s", async (url, reason) => {
    const result = await checkWebhookDestination(url, strict());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it("refuses a name when any of its addresses is private (one bad answer is enough to reach inside)", async () => {
    const result = await checkWebhookDestination("https://hooks.example.test/x", strict());
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(NOT_PUBLIC) });
  });

  it("never names the address it refused, so a tenant cannot resolve internal names through the server", async () => {
    const result = await checkWebhookDestination("https://intranet.example.test/x", strict());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).not.toContain("10.20.30.40");
    const literal = await checkWebhookDestination("http://[2002:a00:1::1]/x", strict());
    expect(literal.ok).toBe(false);
    if (!literal.ok) expect(literal.reason).not.toMatch(/10\.0\.0\.1|2002/);
  });

  it("allows loopback when the operator allows private receivers", async () => {
    expect(await checkWebhookDestination("http://127.0.0.1:8080/hook", { allowPrivate: true })).toMatchObject({ ok: true });
    expect(await checkWebhookDestination("http://localhost:8080/hook", { allowPrivate: true })).toMatchObject({ ok: true });
  });
});
