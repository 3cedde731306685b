// The SSRF guard on real addresses and real DNS (localhost resolves on every machine); a stub resolver only stands in
// for the one case no machine can produce on demand: a public name that resolves to a private address.
import { describe, expect, it } from "vitest";
import { checkWebhookDestination, isPublicAddress } from "./webhook-destination";

describe("isPublicAddress", () => {
  it.each([
    ["127.0.0.1"], ["127.255.0.9"], ["10.1.2.3"], ["172.16.0.1"], ["172.31.255.255"], ["192.168.1.1"], ["169.254.169.254"],
    ["100.64.0.1"], ["0.0.0.0"], ["224.0.0.1"], ["255.255.255.255"], ["198.18.0.1"], ["192.0.2.10"],
    ["::1"], ["::"], ["fd00::1"], ["fe80::1"], ["ff02::1"], ["2001:db8::1"],
    ["::ffff:127.0.0.1"], ["::ffff:7f00:1"], ["::ffff:10.0.0.1"], ["64:ff9b::192.168.0.1"],
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([["8.8.8.8"], ["172.32.0.1"], ["1.1.1.1"], ["2606:4700:4700::1111"], ["::ffff:8.8.8.8"], ["64:ff9b::808:808"]])("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it("is false for what is not an address", () => {
    expect(isPublicAddress("example.com")).toBe(false);
  });
});

describe("checkWebhookDestination", () => {
  const strict = { allowPrivate: false };

  it("accepts a public address and returns it for the connection", async () => {
    expect(await checkWebhookDestination("https://93.184.215.14/hooks", strict)).toMatchObject({ ok: true, addresses: [{ address: "93.184.215.14", family: 4 }] });
  });

  it.each([
    ["http://127.0.0.1:8080/hook", /private or loopback/],
    ["http://[::1]/hook", /private or loopback/],
    ["http://localhost:3000/hook", /private or loopback/],
    ["http://169.254.169.254/latest/meta-data", /private or loopback/],
    ["ftp://93.184.215.14/x", /http or https/],
    ["not a url", /absolute/],
    ["https://user:pass@93.184.215.14/", /user name or password/],
    ["https://no-such-host.invalid/hook", /does not resolve/],
  ])("refuses %s", async (url, reason) => {
    const result = await checkWebhookDestination(url, strict);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it("refuses a name when any of its addresses is private (one bad answer is enough to reach inside)", async () => {
    const resolve = async () => [{ address: "93.184.215.14", family: 4 }, { address: "10.0.0.5", family: 4 }];
    const result = await checkWebhookDestination("https://hooks.example.com/x", { allowPrivate: false, resolve });
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining("10.0.0.5") });
  });

  it("allows loopback when the operator allows private receivers", async () => {
    expect(await checkWebhookDestination("http://127.0.0.1:8080/hook", { allowPrivate: true })).toMatchObject({ ok: true });
    expect(await checkWebhookDestination("http://localhost:8080/hook", { allowPrivate: true })).toMatchObject({ ok: true });
  });
});
