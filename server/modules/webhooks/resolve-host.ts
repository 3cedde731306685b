// Resolves the host names of the server's own outgoing calls (webhook receivers, connected spreadsheets) without
// libuv's thread pool. `dns.lookup` runs getaddrinfo on one of the pool's four threads and cannot be stopped: a
// tenant's slow name server would hold the threads that argon2 sign-ins, file reads and every other tenant's lookups
// need, long after the caller's own timeout gave up. Here the name is asked of the name servers through c-ares
// (`dns.promises.Resolver`, sockets on the event loop): A and AAAA at once, each lookup with its own resolver, so
// that its deadline or the caller's abort cancels exactly its queries (`resolver.cancel()`).
//
// What getaddrinfo did besides DNS is done here too: `localhost` and `*.localhost` are loopback (RFC 6761 6.3) and
// names in /etc/hosts answer with their addresses there (read again at most every 10 s). Names are asked as written:
// the resolver does not append resolv.conf's search domains, so receivers are named by their full name.
//
// One account's lookups run at most HOST_LOOKUP_LIMITS.perAccount at once; more wait for a slot, and the wait counts
// against their deadline.
import { Resolver } from "node:dns/promises";
import { readFile } from "node:fs/promises";
import { isIP } from "node:net";

export const HOST_LOOKUP_LIMITS = {
  /** a lookup's whole time, waiting for a slot included: registration, each delivery, each spreadsheet hop */
  timeoutMs: 5_000,
  /** lookups of one account under way at once */
  perAccount: 8,
  /** /etc/hosts is read again after this long */
  hostsFileTtlMs: 10_000,
} as const;

const HOSTS_FILE = "/etc/hosts";

export type ResolvedAddress = { address: string; family: 4 | 6 };

export class HostLookupError extends Error {
  constructor(
    readonly kind: "not_found" | "timeout",
    message: string,
  ) {
    super(message);
  }
}

export interface HostLookupOptions {
  /** the lookup's whole time (default HOST_LOOKUP_LIMITS.timeoutMs) */
  timeoutMs?: number;
  /** the account the lookup is for: at most HOST_LOOKUP_LIMITS.perAccount of its lookups run at once */
  accountId?: number;
  /** ends the lookup early; its queries are cancelled */
  signal?: AbortSignal;
  /** name servers to ask ("127.0.0.1:5353") instead of the system's (tests) */
  servers?: string[];
}

let underWay = 0;
const slots = new Map<number, { running: number; waiting: Array<() => void> }>();

/** lookups asking name servers now, and lookups waiting for their account's slot (tests, diagnostics) */
export function hostLookupStats(): { underWay: number; waiting: number } {
  let waiting = 0;
  for (const slot of slots.values()) waiting += slot.waiting.length;
  return { underWay, waiting };
}

/** The addresses `host` resolves to; throws HostLookupError when it does not resolve, or not in time. */
export async function resolveHost(host: string, options: HostLookupOptions = {}): Promise<ResolvedAddress[]> {
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family: family === 6 ? 6 : 4 }];
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) {
    return [
      { address: "127.0.0.1", family: 4 },
      { address: "::1", family: 6 },
    ];
  }
  const listed = (await hostsFile()).get(name);
  if (listed) return listed;

  if (options.signal?.aborted) throw new HostLookupError("timeout", `the lookup of host ${host} was cancelled`);
  const timeoutMs = options.timeoutMs ?? HOST_LOOKUP_LIMITS.timeoutMs;
  const deadline = Date.now() + timeoutMs;
  const late = () => new HostLookupError("timeout", `host ${host} did not resolve within ${+(timeoutMs / 1000).toFixed(1)} s`);
  const release = options.accountId === undefined ? () => {} : await takeSlot(options.accountId, deadline, options.signal, late);
  try {
    return await askNameServers(host, deadline, options, late);
  } finally {
    release();
  }
}

async function askNameServers(
  host: string,
  deadline: number,
  options: HostLookupOptions,
  late: () => HostLookupError,
): Promise<ResolvedAddress[]> {
  const remaining = Math.max(1, deadline - Date.now());
  // c-ares retries within the deadline; the timer below is what bounds the whole lookup
  const resolver = new Resolver({ timeout: Math.max(50, Math.floor(remaining / 2)), tries: 2 });
  if (options.servers) resolver.setServers(options.servers);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    resolver.cancel();
  }, remaining);
  const abort = () => resolver.cancel();
  options.signal?.addEventListener("abort", abort, { once: true });
  underWay++;
  try {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    const addresses: ResolvedAddress[] = [
      ...(v4.status === "fulfilled" ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === "fulfilled" ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (addresses.length > 0) return addresses;
    const codes = [v4, v6].map((result) => (result.status === "rejected" ? (result.reason as NodeJS.ErrnoException).code : undefined));
    if (timedOut || codes.includes("ETIMEOUT") || (codes.includes("ECANCELLED") && !options.signal?.aborted)) throw late();
    if (options.signal?.aborted) throw new HostLookupError("timeout", `the lookup of host ${host} was cancelled`);
    throw new HostLookupError("not_found", `host ${host} does not resolve`);
  } finally {
    underWay--;
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", abort);
    resolver.cancel();
  }
}

/** one of the account's lookup slots; waits (until the deadline) while all are taken. Returns its release. */
async function takeSlot(accountId: number, deadline: number, signal: AbortSignal | undefined, late: () => HostLookupError): Promise<() => void> {
  const slot = slots.get(accountId) ?? { running: 0, waiting: [] };
  slots.set(accountId, slot);
  const release = () => {
    const next = slot.waiting.shift();
    if (next) return next(); // the slot passes to the next in line
    slot.running--;
    if (slot.running === 0) slots.delete(accountId);
  };
  if (slot.running < HOST_LOOKUP_LIMITS.perAccount) {
    slot.running++;
    return release;
  }
  await new Promise<void>((resolve, reject) => {
    const granted = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", give);
      resolve();
    };
    const give = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", give);
      slot.waiting.splice(slot.waiting.indexOf(granted), 1);
      reject(late());
    };
    const timer = setTimeout(give, Math.max(0, deadline - Date.now()));
    signal?.addEventListener("abort", give, { once: true });
    slot.waiting.push(granted);
  });
  return release;
}

let hosts: { readAt: number; entries: Promise<Map<string, ResolvedAddress[]>> } | null = null;

/** /etc/hosts as name -> addresses, in the file's order; empty when it cannot be read */
function hostsFile(): Promise<Map<string, ResolvedAddress[]>> {
  if (hosts && Date.now() - hosts.readAt < HOST_LOOKUP_LIMITS.hostsFileTtlMs) return hosts.entries;
  const entries = readFile(HOSTS_FILE, "utf8").then(parseHostsFile, () => new Map<string, ResolvedAddress[]>());
  hosts = { readAt: Date.now(), entries };
  return entries;
}

export function parseHostsFile(text: string): Map<string, ResolvedAddress[]> {
  const entries = new Map<string, ResolvedAddress[]>();
  for (const line of text.split("\n")) {
    const [address, ...names] = line.replace(/#.*/, "").trim().split(/\s+/);
    const family = address ? isIP(address.replace(/%.*$/, "")) : 0;
    if (!address || family === 0) continue;
    for (const name of names) {
      const key = name.toLowerCase().replace(/\.$/, "");
      const list = entries.get(key) ?? [];
      if (!list.some((entry) => entry.address === address)) list.push({ address, family: family === 6 ? 6 : 4 });
      entries.set(key, list);
    }
  }
  return entries;
}
