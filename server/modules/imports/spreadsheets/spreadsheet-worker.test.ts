// Connected spreadsheets on every database kind, against a real HTTP server on loopback serving a CSV (private
// addresses allowed, as WEBHOOK_ALLOW_PRIVATE=1 does): the first check imports (source "spreadsheet", its job
// linked to the source), unchanged content imports nothing, changed content imports again, a server error or a
// sheet that lost a mapped column is recorded as the last error; a claimed source is left alone; the next check is
// 30 minutes on; the SSRF guard refuses loopback and plain http when private addresses are not allowed; a file above
// the size cap and a redirect are handled; reading the columns gives headers, a sample and a guess, and the fetches
// people start are limited per account.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "../../../errors";
import { log } from "../../../log";
import { databaseKinds, useTestDatabase } from "../../../testing/test-database";
import { createAccount } from "../../accounts/create-account";
import { checkSpreadsheetNow } from "./check-spreadsheet-now";
import { createSpreadsheetSource } from "./create-spreadsheet-source";
import { fetchSpreadsheet } from "./fetch-spreadsheet";
import { inspectSpreadsheet } from "./inspect-spreadsheet";
import { readSpreadsheet } from "./read-spreadsheet";
import { SPREADSHEET_CHECK_INTERVAL_MS } from "./spreadsheet-claim";
import { SPREADSHEET_FETCH_LIMIT } from "./spreadsheet-fetch-limit";
import { startSpreadsheetWorker } from "./spreadsheet-worker";

/** a CSV server whose answer the test changes */
let answer: { status: number; body: string; type?: string } = { status: 200, body: "" };
let server: http.Server;
let base = "";
beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === "/moved") return void response.writeHead(302, { location: "/sheet.csv" }).end();
    if (request.url === "/big") {
      response.writeHead(200, { "content-type": "text/csv" });
      return void response.end("a\n" + "x".repeat(2_000));
    }
    response.writeHead(answer.status, { "content-type": answer.type ?? "text/csv; charset=utf-8" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const PASSENGERS = "Student ID,Route,Pupil\nP1,R1,Ada\nP2,R1,Bo\n";
const MAP = { external_id: "Student ID", route_number: "Route", passenger_name: "Pupil" };

describe.each(databaseKinds())("connected spreadsheets on %s", (kind) => {
  const t = useTestDatabase(kind);

  async function setup() {
    const account = await createAccount({ name: `Sheets ${Math.random()}` });
    const user = await t.db.user.create({ data: { email: `office-${Math.random()}@example.com`, name: "Office" }, select: { id: true } });
    await t.db.route.create({ data: { accountId: account.id, routeNumber: "R1" } });
    answer = { status: 200, body: PASSENGERS };
    const source = await createSpreadsheetSource({ accountId: account.id, userId: user.id, allowPrivate: true, body: { target: "passengers", url: `${base}/sheet.csv`, columnMap: MAP } });
    const jobs = () => t.db.importJob.findMany({ where: { accountId: account.id }, orderBy: { id: "asc" }, select: { id: true, source: true, label: true, spreadsheetSourceId: true, stats: true } });
    const row = () => t.db.spreadsheetSource.findUniqueOrThrow({ where: { id: source.id } });
    /** makes the source due, as 30 minutes passing would */
    const due = () => t.db.spreadsheetSource.update({ where: { id: source.id }, data: { nextCheckAt: new Date(Date.now() - 1_000) } });
    return { account, user, source, jobs, row, due };
  }

  const worker = () => startSpreadsheetWorker({ logger: log("test"), allowPrivate: true, autostart: false });

  it("imports at once when connected, then only when the content changed; records a server error as the last error", async () => {
    const { source, jobs, row, due } = await setup();
    expect(source).toMatchObject({ target: "passengers", last_error: null, last_job: { status: "done", stats: { created: 2, updated: 0, skipped: 0, failed: 0 } } });
    expect(await jobs()).toEqual([{ id: expect.any(Number), source: "spreadsheet", label: new URL(base).host, spreadsheetSourceId: source.id, stats: expect.objectContaining({ created: 2 }) }]);
    const first = await row();
    expect(first.nextCheckAt.getTime() - first.lastCheckedAt!.getTime()).toBe(SPREADSHEET_CHECK_INTERVAL_MS);
    expect(first.claimedUntil).toBeNull();

    const w = worker();
    expect(await w.drain()).toBe(0); // not due for 30 minutes

    await due();
    expect(await w.drain()).toBe(1);
    expect(await jobs()).toHaveLength(1); // unchanged: no new job
    expect((await row()).lastCheckedAt!.getTime()).toBeGreaterThan(first.lastCheckedAt!.getTime());

    answer = { status: 200, body: PASSENGERS + "P3,R1,Cy\n" };
    await due();
    expect(await w.drain()).toBe(1);
    const afterChange = await jobs();
    expect(afterChange).toHaveLength(2);
    expect(afterChange[1]!.stats).toEqual({ created: 1, updated: 2, skipped: 0, failed: 0 });

    answer = { status: 500, body: "oops" };
    await due();
    expect(await w.drain()).toBe(1);
    expect(await jobs()).toHaveLength(2);
    expect((await row()).lastError).toBe("the address answered HTTP 500");

    // the sheet lost a mapped column: an error, nothing imported; once fixed, the same content imports
    answer = { status: 200, body: "Student ID,Route\nP1,R1\n" };
    await due();
    await w.drain();
    expect((await row()).lastError).toBe('The sheet has no column "Pupil" (chosen for Passenger name).');
    answer = { status: 200, body: PASSENGERS + "P3,R1,Cy\n" };
    await due();
    await w.drain();
    const fixed = await row();
    expect(fixed.lastError).toBeNull();
    expect(await jobs()).toHaveLength(2); // same content as the last import: still unchanged
    await w.stop();
  });

  it("leaves a source claimed by another node alone, and refuses check-now while it is claimed", async () => {
    const { account, source, jobs, due } = await setup();
    answer = { status: 200, body: PASSENGERS + "P4,R1,Di\n" };
    await due();
    await t.db.spreadsheetSource.update({ where: { id: source.id }, data: { claimedUntil: new Date(Date.now() + 60_000) } });
    const w = worker();
    expect(await w.drain()).toBe(0);
    const refused = await checkSpreadsheetNow({ accountId: account.id, id: source.id, allowPrivate: true }).catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("CONFLICT");
    // the other node died: its claim lapses and the source is checked
    await t.db.spreadsheetSource.update({ where: { id: source.id }, data: { claimedUntil: new Date(Date.now() - 1) } });
    expect(await checkSpreadsheetNow({ accountId: account.id, id: source.id, allowPrivate: true })).toEqual({ outcome: "imported", jobId: expect.any(Number) });
    expect(await jobs()).toHaveLength(2);
    await w.stop();
  });

  it("refuses to connect what cannot be read or mapped, and another account's source is not found", async () => {
    const { account, user, source } = await setup();
    const refusal = (body: unknown, allowPrivate = true) =>
      createSpreadsheetSource({ accountId: account.id, userId: user.id, allowPrivate, body }).then(
        () => null,
        (error: unknown) => (isAppError(error) ? { code: error.code, message: error.message } : Promise.reject(error)),
      );
    expect(await refusal({ target: "passengers", url: `${base}/sheet.csv`, columnMap: { route_number: "Route" } })).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Choose the column for Passenger name (required).",
    });
    expect(await refusal({ target: "passengers", url: `${base}/sheet.csv`, columnMap: MAP }, false)).toMatchObject({ message: expect.stringMatching(/non-public address/) });
    expect(await refusal({ target: "passengers", url: "ftp://example.com/a.csv", columnMap: MAP })).toMatchObject({ message: expect.stringMatching(/http or https/) });
    answer = { status: 200, body: "<html></html>", type: "text/html" };
    expect(await refusal({ target: "passengers", url: `${base}/sheet.csv`, columnMap: MAP })).toMatchObject({ message: expect.stringMatching(/web page, not CSV/) });

    const other = await createAccount({ name: "Other" });
    const missing = await checkSpreadsheetNow({ accountId: other.id, id: source.id, allowPrivate: true }).catch((error: unknown) => error);
    expect(isAppError(missing) && missing.code).toBe("SPREADSHEET_SOURCE_NOT_FOUND");
  });
});

describe("inspectSpreadsheet", () => {
  it("reads the headers, a sample and a guessed mapping, and counts the fetches people start per account", async () => {
    answer = { status: 200, body: PASSENGERS };
    const accountId = 900_000 + Math.floor(Math.random() * 1_000); // the limit is counted per account id; no database needed
    const inspect = () => inspectSpreadsheet({ accountId, url: `${base}/sheet.csv`, target: "passengers", allowPrivate: true });
    expect(await inspect()).toEqual({ headers: ["Student ID", "Route", "Pupil"], sample: [["P1", "R1", "Ada"], ["P2", "R1", "Bo"]], lines: 2, guess: MAP });
    for (let i = 1; i < SPREADSHEET_FETCH_LIMIT.points; i++) await inspect();
    const refused = await inspect().catch((error: unknown) => error);
    expect(isAppError(refused) && refused.code).toBe("RATE_LIMITED");
  });
});

describe("fetchSpreadsheet", () => {
  it("follows a redirect, checking its target, and stops at the size cap", async () => {
    answer = { status: 200, body: "a,b\n1,2\n" };
    expect(await fetchSpreadsheet(`${base}/moved`, { allowPrivate: true })).toMatchObject({ ok: true, text: "a,b\n1,2\n" });
    expect(await fetchSpreadsheet(`${base}/big`, { allowPrivate: true, maxBytes: 1_024 })).toEqual({ ok: false, reason: "the file is larger than 1 KiB" });
  });

  it("refuses a fetched sheet of 5 MiB of one-cell lines as too long, without parsing past the line cap", async () => {
    answer = { status: 200, body: `Route,Pupil\n${"a,\n".repeat(Math.floor((5 * 1024 * 1024 - 100) / 3))}` };
    expect(await readSpreadsheet(`${base}/sheet.csv`, { allowPrivate: true })).toEqual({
      ok: false,
      reason: "The sheet has more than 5,000 data lines; one import takes at most 5,000. Split it into several files.",
    });
  });

  it("refuses plain http and loopback unless private addresses are allowed", async () => {
    expect(await fetchSpreadsheet(`${base}/sheet.csv`, { allowPrivate: false })).toMatchObject({ ok: false, reason: expect.stringMatching(/non-public address/) });
    expect(await fetchSpreadsheet("http://93.184.215.14/sheet.csv", { allowPrivate: false })).toMatchObject({ ok: false, reason: expect.stringMatching(/must use https/) });
  });
});
