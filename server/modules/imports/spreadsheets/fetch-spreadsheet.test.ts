// The DNS side of fetching a connected spreadsheet: every hop's host name is resolved by a real name server on
// 127.0.0.1 (server/testing/dns-server.ts), the fetch connects to the address that answer gave, and a name server
// that hangs ends the hop at its lookup deadline with the lookup cancelled.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type TestDnsServer } from "../../../testing/dns-server";
import { hostLookupStats } from "../../webhooks/resolve-host";
import { fetchSpreadsheet } from "./fetch-spreadsheet";

describe("fetchSpreadsheet's lookups", () => {
  let server: http.Server;
  let port: number;
  let answering: TestDnsServer;
  let silent: TestDnsServer;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === "/to-slow-name") return void response.writeHead(302, { location: `http://slow.example.test:${port}/sheet.csv` }).end();
      if (request.url === "/to-named") return void response.writeHead(302, { location: `http://sheets.example.test:${port}/sheet.csv` }).end();
      response.writeHead(200, { "content-type": "text/csv" }).end("a,b\n1,2\n");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    answering = await startDnsServer({ "sheets.example.test": { A: ["127.0.0.1"] } });
    silent = await startDnsServer("silent");
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await answering.close();
    await silent.close();
  });

  it("resolves each hop's name and connects to the address it resolved to", async () => {
    const fetched = await fetchSpreadsheet(`http://127.0.0.1:${port}/to-named`, { allowPrivate: true, accountId: 1, dnsServers: answering.servers });
    expect(fetched).toMatchObject({ ok: true, text: "a,b\n1,2\n" });
    expect(answering.questions.map((q) => q.name)).toContain("sheets.example.test");
  });

  it("ends a hop whose name server does not answer at the lookup's deadline, and cancels the lookup", async () => {
    const fetched = await fetchSpreadsheet(`http://127.0.0.1:${port}/to-slow-name`, {
      allowPrivate: true,
      accountId: 1,
      dnsServers: silent.servers,
      lookupTimeoutMs: 200,
    });
    expect(fetched).toEqual({
      ok: false,
      reason: `it redirects to http://slow.example.test:${port}/sheet.csv, which host slow.example.test did not resolve within 0.2 s`,
    });
    expect(silent.questions.map((q) => q.name)).toContain("slow.example.test");
    expect(hostLookupStats()).toEqual({ underWay: 0, waiting: 0 });
  });
});
