// Host lookups against real name servers on 127.0.0.1 (server/testing/dns-server.ts): one that answers from a table,
// one that never answers. A hanging lookup holds no thread of libuv's pool, its deadline or the caller's abort
// cancels its queries, and one account's lookups run a bounded number at once.
import { pbkdf2 } from "node:crypto";
import { lookup } from "node:dns/promises";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { hashSecret } from "../../security/hashing";
import { startDnsServer, type TestDnsServer } from "../../testing/dns-server";
import { HOST_LOOKUP_LIMITS, HostLookupError, hostLookupStats, parseHostsFile, resolveHost } from "./resolve-host";

describe("resolveHost", () => {
  const started: TestDnsServer[] = [];
  const controllers: AbortController[] = [];
  afterEach(async () => {
    for (const controller of controllers.splice(0)) controller.abort();
    for (const server of started.splice(0)) await server.close();
  });

  async function dnsServer(records: Parameters<typeof startDnsServer>[0]) {
    const server = await startDnsServer(records);
    started.push(server);
    return server;
  }

  /** a lookup that will hang until aborted; settles to the error it ended with */
  function hanging(server: TestDnsServer, host: string, accountId?: number) {
    const controller = new AbortController();
    controllers.push(controller);
    const settled = resolveHost(host, { servers: server.servers, timeoutMs: 600_000, accountId, signal: controller.signal }).then(
      () => "resolved" as const,
      (error: unknown) => error,
    );
    return { controller, settled };
  }

  it("asks for A and AAAA and returns both", async () => {
    const server = await dnsServer({ "hooks.example.test": { A: ["93.184.215.14"], AAAA: ["2606:2800:220:1::1"] } });
    expect(await resolveHost("hooks.example.test", { servers: server.servers })).toEqual([
      { address: "93.184.215.14", family: 4 },
      { address: "2606:2800:220:1::1", family: 6 },
    ]);
    expect(server.questions.map((q) => q.type).sort()).toEqual(["A", "AAAA"]);
  });

  it("says a name that does not exist does not resolve", async () => {
    const server = await dnsServer({});
    await expect(resolveHost("nothing.example.test", { servers: server.servers })).rejects.toMatchObject({
      kind: "not_found",
      message: "host nothing.example.test does not resolve",
    });
  });

  it("gives up on a name server that never answers at its deadline, and cancels the lookup's queries", async () => {
    const server = await dnsServer("silent");
    const error = await resolveHost("slow.example.test", { servers: server.servers, timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HostLookupError);
    expect(error).toMatchObject({ kind: "timeout", message: "host slow.example.test did not resolve within 0.3 s" });
    expect(server.questions.length).toBeGreaterThanOrEqual(2);
    expect(hostLookupStats()).toEqual({ underWay: 0, waiting: 0 });
  });

  it("holds no thread of libuv's pool: file reads, hashing and system lookups finish while ten lookups hang", async () => {
    const server = await dnsServer("silent");
    const lookups = Array.from({ length: 10 }, (_, i) => hanging(server, `hang-${i}.example.test`));
    await server.received(20); // every lookup has asked (A and AAAA) and is waiting for its answer
    // each of these runs on the pool's four threads; with ten lookups holding them, none would finish
    const pooled = await Promise.all([
      ...Array.from({ length: 8 }, () => readFile(new URL(import.meta.url), "utf8").then((text) => text.length > 0)),
      ...Array.from({ length: 8 }, () => promisify(pbkdf2)("password", "salt", 1_000, 32, "sha256").then((key) => key.length === 32)),
      hashSecret("correct horse battery staple").then((hashed) => hashed.startsWith("$argon2id$")),
      lookup("localhost").then((answer) => answer.address.length > 0),
    ]);
    expect(pooled.every(Boolean)).toBe(true);
    expect(hostLookupStats().underWay).toBe(10); // still hanging: the work above did not wait for them

    for (const { controller } of lookups) controller.abort();
    const ends = await Promise.all(lookups.map(({ settled }) => settled));
    expect(ends.every((end) => end instanceof HostLookupError)).toBe(true);
    expect(hostLookupStats()).toEqual({ underWay: 0, waiting: 0 });
  });

  it("runs at most HOST_LOOKUP_LIMITS.perAccount lookups of one account at once; other accounts are not held up", async () => {
    const silent = await dnsServer("silent");
    const max = HOST_LOOKUP_LIMITS.perAccount;
    const first = Array.from({ length: max }, (_, i) => hanging(silent, `a-${i}.example.test`, 1));
    await silent.received(2 * max);
    const waiting = hanging(silent, "a-extra.example.test", 1);
    const otherAccount = hanging(silent, "b.example.test", 2);
    await silent.received(2 * max + 2);
    expect(silent.questions.map((q) => q.name)).not.toContain("a-extra.example.test");
    expect(hostLookupStats()).toEqual({ underWay: max + 1, waiting: 1 });

    first[0]!.controller.abort(); // a slot comes free: the waiting lookup takes it and asks
    await silent.received(2 * max + 4);
    expect(silent.questions.map((q) => q.name)).toContain("a-extra.example.test");
    expect(hostLookupStats()).toEqual({ underWay: max + 1, waiting: 0 });
    for (const lookup of [...first, waiting, otherAccount]) lookup.controller.abort();
    await Promise.all([...first, waiting, otherAccount].map(({ settled }) => settled));
    expect(hostLookupStats()).toEqual({ underWay: 0, waiting: 0 });
  });

  it("counts the wait for a slot against the lookup's deadline", async () => {
    const silent = await dnsServer("silent");
    const first = Array.from({ length: HOST_LOOKUP_LIMITS.perAccount }, (_, i) => hanging(silent, `c-${i}.example.test`, 3));
    await silent.received(2 * HOST_LOOKUP_LIMITS.perAccount);
    await expect(resolveHost("c-late.example.test", { servers: silent.servers, accountId: 3, timeoutMs: 200 })).rejects.toMatchObject({
      kind: "timeout",
      message: "host c-late.example.test did not resolve within 0.2 s",
    });
    expect(hostLookupStats().waiting).toBe(0);
    for (const lookup of first) lookup.controller.abort();
    await Promise.all(first.map(({ settled }) => settled));
  });

  it("answers IP literals, localhost and *.localhost without asking anyone", async () => {
    const silent = await dnsServer("silent");
    const options = { servers: silent.servers, timeoutMs: 200 };
    expect(await resolveHost("127.0.0.1", options)).toEqual([{ address: "127.0.0.1", family: 4 }]);
    expect(await resolveHost("::1", options)).toEqual([{ address: "::1", family: 6 }]);
    const loopback = [
      { address: "127.0.0.1", family: 4 },
      { address: "::1", family: 6 },
    ];
    expect(await resolveHost("localhost", options)).toEqual(loopback);
    expect(await resolveHost("LocalHost.", options)).toEqual(loopback);
    expect(await resolveHost("receiver.localhost", options)).toEqual(loopback);
    expect(silent.questions).toEqual([]);
  });

  it("reads /etc/hosts the way the system resolver does", () => {
    const entries = parseHostsFile(
      ["# comment", "127.0.0.1\tlocalhost", "10.0.0.7 erp.internal ERP  # the planner", "fd00::7 erp.internal", "not-an-address name", ""].join("\n"),
    );
    expect(entries.get("erp.internal")).toEqual([
      { address: "10.0.0.7", family: 4 },
      { address: "fd00::7", family: 6 },
    ]);
    expect(entries.get("erp")).toEqual([{ address: "10.0.0.7", family: 4 }]);
    expect(entries.has("name")).toBe(false);
  });
});
