// The environment, read once and validated (operations.md "Environment"). Nothing else reads process.env:
// every module takes its settings from `env()`. A bad value stops the server with a message naming the variable.
import { accessSync, closeSync, constants, openSync, readSync, statSync } from "node:fs";
import { z } from "zod";

/**
 * The providers SMS_PROVIDER may name. Declared here, not in server/sms/, so the environment imports nothing of the
 * features it configures; a gateway is added here and in server/sms/sms-provider.ts's factory, with its own file
 * beside log-sms-provider.ts.
 */
export const SMS_PROVIDERS = ["log"] as const;
export type SmsProviderKind = (typeof SMS_PROVIDERS)[number];

const zFlag = z.enum(["0", "1"], { error: "must be 0 or 1" });
const zPort = z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535);

const zGeocoder = z
  .string()
  .refine((v) => v === "offline" || /^(nominatim|photon):https?:\/\/.+/.test(v), {
    message: "must be offline, nominatim:<url> or photon:<url>",
  });

const isUrl = (value: string, protocols: string[]) => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const zUrl = (protocols: string[]) => z.string().refine((v) => isUrl(v, protocols), `must be a URL (${protocols.join(" or ")})`);

/** `offline` forces the bundled basemap; anything else must be the http(s) address of a MapLibre style */
const zMapStyle = z
  .string()
  .refine((v) => v === "offline" || isUrl(v, ["http:", "https:"]), { message: "must be offline or an http(s) URL of a MapLibre style" });

/** PMTiles v3 archives start with these 7 bytes and the spec version (PMTiles v3 spec, "Header") */
const PMTILES_MAGIC = "PMTiles";
const PMTILES_VERSION = 3;

/** Why `file` cannot be served as a PMTiles basemap, or null when it can. */
function pmtilesProblem(file: string): string | null {
  try {
    if (!statSync(file).isFile()) return `must name a file (${file} is not one)`;
    accessSync(file, constants.R_OK);
  } catch {
    return `must name an existing, readable file (${file} cannot be read)`;
  }
  const head = Buffer.alloc(PMTILES_MAGIC.length + 1);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString("latin1", 0, PMTILES_MAGIC.length) !== PMTILES_MAGIC || head[PMTILES_MAGIC.length] !== PMTILES_VERSION) {
    return `must be a PMTiles v3 archive (${file} is not one)`;
  }
  return null;
}

const zPmtiles = z.string().superRefine((file, ctx) => {
  const problem = pmtilesProblem(file);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const ZEnv = z
  .object({
    /**
     * unset means production: a server started any way other than `npm run dev` (which sets development) must not
     * run Next.js in dev mode or skip production's checks
     */
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: zPort.default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    PUBLIC_URL: zUrl(["http:", "https:"]).optional(),
    DATABASE_URL: zUrl(["postgres:", "postgresql:"]).optional(),
    DATA_DIR: z.string().min(1).default("./.data"),
    REDIS_URL: zUrl(["redis:", "rediss:"]).optional(),
    TELTONIKA_PORT: zPort.default(5027),
    /** GT06 (Concox and compatible) over TCP on HOST; 0 disables it (docs/gt06.md) */
    GT06_PORT: zPort.default(5023),
    /** 0 keeps the Teltonika UDP listener off while TCP stays on TELTONIKA_PORT (docs/ingest.md) */
    TELTONIKA_UDP: zFlag.default("1"),
    /** open Teltonika TCP connections allowed from one source address (devices behind one NAT share one) */
    TELTONIKA_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
      .number({ error: "must be a whole number from 1" })
      .int("must be a whole number from 1")
      .min(1, "must be a whole number from 1")
      .default(1000),
    /** OsmAnd HTTP listener for phones (Traccar Client, OsmAnd; docs/osmand.md); 0 disables it */
    OSMAND_PORT: zPort.default(5055),
    /**
     * the address phones are configured with (the asset page's QR code); unset: PUBLIC_URL's host on OSMAND_PORT over
     * http. Set it when a proxy or another host name stands in front of the listener.
     */
    OSMAND_PUBLIC_URL: zUrl(["http:", "https:"]).optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: zUrl(["smtp:", "smtps:"]).optional(),
    /** how text messages go out (welcome messages by SMS); `log`: to the log and DATA_DIR/sms-outbox, nowhere else */
    SMS_PROVIDER: z.enum(SMS_PROVIDERS, { error: `must be one of: ${SMS_PROVIDERS.join(", ")}` }).default("log"),
    /** sender of e-mails, e.g. "Acme Fleet <fleet@acme.example>"; default no-reply at PUBLIC_URL's host */
    MAIL_FROM: z.string().trim().min(3, "must be an address such as Fleet <fleet@example.com>").optional(),
    /** unset: the public street style with fallback, or this server's own style when MAP_PMTILES is set (docs/configuration.md "Maps") */
    MAP_STYLE_URL: zMapStyle.optional(),
    /** a PMTiles v3 extract served at /map/basemap.pmtiles for a self-hosted street map */
    MAP_PMTILES: zPmtiles.optional(),
    GEOCODER: zGeocoder.default("offline"),
    FLEET_DEMO: zFlag.optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    WEBHOOK_ALLOW_PRIVATE: zFlag.default("0"),
    /**
     * lets clients other than this machine's read /metrics with `Authorization: Bearer <token>` (docs/operations.md);
     * unset: loopback clients only. Printable characters only, so it fits an HTTP header and a Prometheus config.
     */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, "must be at least 16 printable characters without spaces (e.g. openssl rand -hex 32)")
      .optional(),
    /** 1 when a reverse proxy in front sets X-Forwarded-For (then its right-most entry is the client address) */
    TRUST_PROXY: zFlag.default("0"),
    /** per-IP limits count an IPv6 client by this many leading bits of its address, /48 to /64 (server/http/client-address-key.ts) */
    RATE_LIMIT_IPV6_PREFIX: z.coerce
      .number({ error: "must be a whole number from 48 to 64" })
      .int("must be a whole number from 48 to 64")
      .min(48, "must be a whole number from 48 to 64")
      .max(64, "must be a whole number from 48 to 64")
      .default(64),
    /** also serve the live stream (/socket.io) on this port, e.g. for its own host name; unset: only on PORT */
    STREAM_PORT: zPort.optional(),
    /** concurrent live-stream connections per account, counted over every node (docs/live-stream.md) */
    STREAM_MAX_CONNECTIONS_PER_ACCOUNT: z.coerce
      .number({ error: "must be a whole number from 1" })
      .int("must be a whole number from 1")
      .min(1, "must be a whole number from 1")
      .default(5),
    /** vehicle control: a vehicle whose newest record is older than this many seconds is stale_position */
    CONTROL_STALE_AFTER_S: z.coerce
      .number({ error: "must be a whole number of seconds from 1" })
      .int("must be a whole number of seconds from 1")
      .min(1, "must be a whole number of seconds from 1")
      .default(300),
    /** a passenger's own link expires once its route has not run for this many days (docs/passengers.md) */
    PASSENGER_LINK_IDLE_DAYS: z.coerce
      .number({ error: "must be a whole number of days from 1" })
      .int("must be a whole number of days from 1")
      .min(1, "must be a whole number of days from 1")
      .default(30),
    /** welcome messages (e-mail and SMS) an account may send in a day (docs/passengers.md) */
    WELCOME_MESSAGES_PER_DAY: z.coerce
      .number({ error: "must be a whole number from 1" })
      .int("must be a whole number from 1")
      .min(1, "must be a whole number from 1")
      .default(2000),
    /**
     * 0 stops the ingest statement from marking report day rollups dirty (docs/reports-engine.md): only for measuring
     * ingest without it (npm run bench); reports then read day rollups that no longer follow new records
     */
    REPORT_ROLLUPS: zFlag.default("1"),
    /**
     * where the notification worker runs on PostgreSQL (docs/notifications.md "Where the worker runs"): `process`, a
     * child process of the server at a lower OS priority, restarted when it dies; `inline`, in the server's process.
     * The embedded database always runs it inline (PGlite belongs to one process).
     */
    NOTIFICATION_WORKER: z.enum(["process", "inline"], { error: "must be process or inline" }).default("process"),
    /** vehicle control: TRUNK and IMMOBILISE need a record newer than this many seconds, else state_not_fresh */
    CONTROL_INTERLOCK_FRESH_S: z.coerce
      .number({ error: "must be a whole number of seconds from 1" })
      .int("must be a whole number of seconds from 1")
      .min(1, "must be a whole number of seconds from 1")
      .default(60),
  })
  .transform((v) => ({
    ...v,
    PUBLIC_URL: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ""),
    OSMAND_PUBLIC_URL: osmandPublicUrl(v),
    WEBHOOK_ALLOW_PRIVATE: v.WEBHOOK_ALLOW_PRIVATE === "1",
    TRUST_PROXY: v.TRUST_PROXY === "1",
    TELTONIKA_UDP: v.TELTONIKA_UDP === "1",
    REPORT_ROLLUPS: v.REPORT_ROLLUPS === "1",
    /** unset FLEET_DEMO means "seed when the embedded database is new" (decided by the database module) */
    FLEET_DEMO: v.FLEET_DEMO === undefined ? undefined : v.FLEET_DEMO === "1",
  }));

export type Env = z.output<typeof ZEnv>;

/** the given OSMAND_PUBLIC_URL, else http on PUBLIC_URL's host and OSMAND_PORT; null when the listener is off */
function osmandPublicUrl(v: { PUBLIC_URL?: string; PORT: number; OSMAND_PORT: number; OSMAND_PUBLIC_URL?: string }): string | null {
  if (v.OSMAND_PUBLIC_URL) return v.OSMAND_PUBLIC_URL.replace(/\/+$/, "");
  if (v.OSMAND_PORT === 0) return null;
  const host = new URL(v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).hostname;
  return `http://${host.includes(":") ? `[${host}]` : host}:${v.OSMAND_PORT}`;
}

export class EnvError extends Error {}

export interface ParseEnvOptions {
  /**
   * false for tools that sign nothing (the admin CLI): they need no AUTH_SECRET shared with the servers. Default true:
   * a production server on PostgreSQL refuses to start without one, since every node must sign with the same secret.
   */
  requireSharedSecret?: boolean;
}

/** Validates a set of variables; throws EnvError whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>, options: ParseEnvOptions = {}): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = ZEnv.safeParse(cleaned);
  const issues = result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  if (result.success && options.requireSharedSecret !== false) {
    const v = result.data;
    if (v.NODE_ENV === "production" && v.DATABASE_URL && !v.AUTH_SECRET) {
      issues.push({ path: "AUTH_SECRET", message: "is required when NODE_ENV=production and DATABASE_URL is set (every node must share it)" });
    }
  }
  if (result.success && result.data.CONTROL_INTERLOCK_FRESH_S > result.data.CONTROL_STALE_AFTER_S) {
    issues.push({ path: "CONTROL_INTERLOCK_FRESH_S", message: "must not be above CONTROL_STALE_AFTER_S (the interlock window is the stricter one)" });
  }
  if (!result.success || issues.length > 0) {
    const lines = issues.map((issue) => `  ${issue.path || "environment"}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

const store = globalThis as unknown as { __fleetlineEnv?: Env };

/** The validated environment of this process (validated on first use). */
export function env(): Env {
  store.__fleetlineEnv ??= parseEnv(process.env);
  return store.__fleetlineEnv;
}

/** Replaces the process environment view (composition root and tests). */
export function setEnv(value: Env): Env {
  store.__fleetlineEnv = value;
  return value;
}
