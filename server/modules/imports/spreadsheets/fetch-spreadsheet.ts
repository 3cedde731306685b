// Fetches a connected spreadsheet's published CSV: a GET to an address the SSRF guard checked, connecting to the
// checked address itself (pinned lookup, no pooled socket), following at most a few redirects, each checked again
// (a spreadsheet service's "publish to the web" address usually redirects to its file host). At most 5 MiB and
// 20 seconds for the whole exchange; each hop's DNS lookup at most 5 of them, cancelled when they run out. Never throws: a failure is a reason for the source's last error.
import { createHash } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { HOST_LOOKUP_LIMITS } from "../../webhooks/resolve-host";
import type { Destination } from "../../webhooks/webhook-destination";
import { SHEET_LIMITS } from "../sheet/sheet-table";
import { checkSpreadsheetUrl } from "./spreadsheet-url";

export const SPREADSHEET_FETCH_LIMITS = {
  timeoutMs: 20_000,
  /** DNS time of each hop (off the thread pool, cancelled when it runs out) */
  lookupTimeoutMs: HOST_LOOKUP_LIMITS.timeoutMs,
  maxRedirects: 5,
  maxBytes: SHEET_LIMITS.bytes,
} as const;

export type FetchedSpreadsheet = { ok: true; text: string; sha256: string } | { ok: false; reason: string };

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.round(bytes / 1024)} KiB`);

type Hop = { kind: "body"; body: Buffer; contentType: string } | { kind: "redirect"; location: string } | { kind: "failed"; reason: string };

function get(destination: Extract<Destination, { ok: true }>, deadline: number, maxBytes: number): Promise<Hop> {
  const pinned = destination.addresses[0]!;
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const transport = destination.url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (hop: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(hop);
    };
    const timer = setTimeout(() => finish({ kind: "failed", reason: `no complete answer within ${SPREADSHEET_FETCH_LIMITS.timeoutMs / 1000} s` }), Math.max(0, deadline - Date.now()));
    const request = transport.request(
      destination.url,
      { method: "GET", lookup, agent: false, headers: { accept: "text/csv, text/plain;q=0.9, */*;q=0.1", "user-agent": "Fleetline-Spreadsheets/1" } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) return finish({ kind: "redirect", location: response.headers.location });
        if (status < 200 || status >= 300) return finish({ kind: "failed", reason: `the address answered HTTP ${status}` });
        const declared = Number(response.headers["content-length"] ?? NaN);
        if (declared > maxBytes) return finish({ kind: "failed", reason: `the file is larger than ${size(maxBytes)}` });
        const chunks: Buffer[] = [];
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) return finish({ kind: "failed", reason: `the file is larger than ${size(maxBytes)}` });
          chunks.push(chunk);
        });
        response.on("end", () => finish({ kind: "body", body: Buffer.concat(chunks), contentType: String(response.headers["content-type"] ?? "") }));
        response.on("error", (error) => finish({ kind: "failed", reason: `the answer broke off: ${error.message}` }));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => finish({ kind: "failed", reason: `could not connect: ${error.code ?? error.message}` }));
    request.end();
  });
}

export interface FetchSpreadsheetOptions {
  allowPrivate: boolean;
  maxBytes?: number;
  /** the account the sheet is fetched for: its lookups share the account's lookup slots (resolve-host.ts) */
  accountId?: number;
  /** name servers to ask (tests); default: the system's */
  dnsServers?: string[];
  /** each hop's DNS time (tests shorten it); default SPREADSHEET_FETCH_LIMITS.lookupTimeoutMs */
  lookupTimeoutMs?: number;
}

export async function fetchSpreadsheet(url: string, options: FetchSpreadsheetOptions): Promise<FetchedSpreadsheet> {
  const deadline = Date.now() + SPREADSHEET_FETCH_LIMITS.timeoutMs;
  let current = url;
  for (let hop = 0; hop <= SPREADSHEET_FETCH_LIMITS.maxRedirects; hop++) {
    // each hop's lookup has its own deadline, within what is left of the whole fetch's
    const lookupMs = Math.max(1, Math.min(options.lookupTimeoutMs ?? SPREADSHEET_FETCH_LIMITS.lookupTimeoutMs, deadline - Date.now()));
    const destination = await checkSpreadsheetUrl(current, {
      allowPrivate: options.allowPrivate,
      lookup: { timeoutMs: lookupMs, accountId: options.accountId, servers: options.dnsServers },
    });
    if (!destination.ok) return { ok: false, reason: hop === 0 ? `the address ${destination.reason}` : `it redirects to ${current}, which ${destination.reason}` };
    const answer = await get(destination, deadline, options.maxBytes ?? SPREADSHEET_FETCH_LIMITS.maxBytes);
    if (answer.kind === "failed") return { ok: false, reason: answer.reason };
    if (answer.kind === "redirect") {
      current = new URL(answer.location, destination.url).toString();
      continue;
    }
    if (/^text\/html/i.test(answer.contentType)) {
      return { ok: false, reason: "the address answers with a web page, not CSV: publish the sheet as CSV and use that address" };
    }
    return { ok: true, text: answer.body.toString("utf8"), sha256: createHash("sha256").update(answer.body).digest("hex") };
  }
  return { ok: false, reason: `more than ${SPREADSHEET_FETCH_LIMITS.maxRedirects} redirects` };
}
