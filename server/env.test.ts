// The environment contract of operations.md: defaults, one message per bad variable naming it, and the AUTH_SECRET
// rule for production on PostgreSQL.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

const SECRET = "s".repeat(32);

function errorOf(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as Error).message;
  }
  throw new Error("expected parseEnv to throw");
}

describe("parseEnv", () => {
  it("gives every variable its documented default", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      PUBLIC_URL: "http://localhost:3000",
      DATA_DIR: "./.data",
      TELTONIKA_PORT: 5027,
      GT06_PORT: 5023,
      TELTONIKA_UDP: true,
      TELTONIKA_MAX_CONNECTIONS_PER_ADDRESS: 1000,
      GEOCODER: "offline",
      LOG_LEVEL: "info",
      WEBHOOK_ALLOW_PRIVATE: false,
      TRUST_PROXY: false,
      SMS_PROVIDER: "log",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.AUTH_SECRET).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAP_STYLE_URL).toBeUndefined();
    expect(env.MAP_PMTILES).toBeUndefined();
    // unset FLEET_DEMO means "decide by whether the embedded database is new"
    expect(env.FLEET_DEMO).toBeUndefined();
  });

  it("derives OSMAND_PUBLIC_URL from PUBLIC_URL's host and OSMAND_PORT, unless given or the listener is off", () => {
    expect(parseEnv({}).OSMAND_PORT).toBe(5055);
    expect(parseEnv({}).OSMAND_PUBLIC_URL).toBe("http://localhost:5055");
    expect(parseEnv({ PUBLIC_URL: "https://fleet.example.com/app", OSMAND_PORT: "5056" }).OSMAND_PUBLIC_URL).toBe("http://fleet.example.com:5056");
    expect(parseEnv({ OSMAND_PUBLIC_URL: "https://phones.example.com/" }).OSMAND_PUBLIC_URL).toBe("https://phones.example.com");
    expect(parseEnv({ OSMAND_PORT: "0" }).OSMAND_PUBLIC_URL).toBeNull();
    expect(errorOf({ OSMAND_PUBLIC_URL: "phones.example.com" })).toContain("OSMAND_PUBLIC_URL");
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash from a given one", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://fleet.example.com/" }).PUBLIC_URL).toBe("https://fleet.example.com");
  });

  it("reads set values and treats empty strings as unset", () => {
    const env = parseEnv({
      PORT: "4000",
      TELTONIKA_PORT: "0",
      GT06_PORT: "0",
      DATABASE_URL: "postgres://u@db:5432/fleet",
      AUTH_SECRET: SECRET,
      REDIS_URL: "redis://cache:6379",
      FLEET_DEMO: "1",
      WEBHOOK_ALLOW_PRIVATE: "1",
      TRUST_PROXY: "1",
      GEOCODER: "nominatim:https://nominatim.example.com",
      SMTP_URL: "",
    });
    expect(env).toMatchObject({
      PORT: 4000,
      TELTONIKA_PORT: 0,
      GT06_PORT: 0,
      DATABASE_URL: "postgres://u@db:5432/fleet",
      REDIS_URL: "redis://cache:6379",
      FLEET_DEMO: true,
      WEBHOOK_ALLOW_PRIVATE: true,
      TRUST_PROXY: true,
      GEOCODER: "nominatim:https://nominatim.example.com",
    });
    expect(env.SMTP_URL).toBeUndefined();
    expect(parseEnv({ FLEET_DEMO: "0" }).FLEET_DEMO).toBe(false);
    expect(parseEnv({ TELTONIKA_UDP: "0", TELTONIKA_MAX_CONNECTIONS_PER_ADDRESS: "20" })).toMatchObject({
      TELTONIKA_UDP: false,
      TELTONIKA_MAX_CONNECTIONS_PER_ADDRESS: 20,
    });
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["TELTONIKA_PORT", "5027.5"],
    ["GT06_PORT", "70000"],
    ["TELTONIKA_UDP", "yes"],
    ["TELTONIKA_MAX_CONNECTIONS_PER_ADDRESS", "0"],
    ["PUBLIC_URL", "localhost:3000"],
    ["DATABASE_URL", "mysql://u@db/fleet"],
    ["REDIS_URL", "http://cache:6379"],
    ["AUTH_SECRET", "too-short"],
    ["SMTP_URL", "mail.example.com"],
    ["MAP_STYLE_URL", "file:///style.json"],
    ["MAP_STYLE_URL", "liberty"],
    ["MAP_PMTILES", "/nonexistent/region.pmtiles"],
    ["GEOCODER", "google"],
    ["FLEET_DEMO", "yes"],
    ["LOG_LEVEL", "verbose"],
    ["WEBHOOK_ALLOW_PRIVATE", "true"],
    ["TRUST_PROXY", "yes"],
    ["SMS_PROVIDER", "twilio"],
    ["NODE_ENV", "staging"],
  ])("refuses %s=%s with a message naming the variable", (name, value) => {
    const message = errorOf({ [name]: value });
    expect(message).toMatch(new RegExp(`^\\s+${name}: `, "m"));
    // only the bad variable is named
    const named = message.split("\n").slice(1);
    expect(named).toHaveLength(1);
  });

  it("names every bad variable at once", () => {
    const message = errorOf({ PORT: "abc", LOG_LEVEL: "loud", REDIS_URL: "nope" });
    for (const name of ["PORT", "LOG_LEVEL", "REDIS_URL"]) expect(message).toContain(`${name}: `);
  });

  it("requires AUTH_SECRET only in production on PostgreSQL", () => {
    const postgres = "postgres://u@db:5432/fleet";
    expect(errorOf({ NODE_ENV: "production", DATABASE_URL: postgres })).toMatch(/AUTH_SECRET: is required/);
    expect(parseEnv({ NODE_ENV: "production", DATABASE_URL: postgres, AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET);
    // embedded production: the secret is generated into DATA_DIR
    expect(() => parseEnv({ NODE_ENV: "production" })).not.toThrow();
    // development on PostgreSQL: generated too
    expect(() => parseEnv({ NODE_ENV: "development", DATABASE_URL: postgres })).not.toThrow();
  });

  it("treats an unset NODE_ENV as production, so a server started without npm run dev keeps production's checks", () => {
    const postgres = "postgres://u@db:5432/fleet";
    expect(errorOf({ DATABASE_URL: postgres })).toMatch(/AUTH_SECRET: is required/);
    expect(parseEnv({ NODE_ENV: "development", DATABASE_URL: postgres }).NODE_ENV).toBe("development");
    // the admin CLI signs nothing: it runs on PostgreSQL without the servers' shared secret
    expect(parseEnv({ DATABASE_URL: postgres }, { requireSharedSecret: false }).NODE_ENV).toBe("production");
  });

  it("serves the live stream on PORT only unless STREAM_PORT names a port of its own", () => {
    expect(parseEnv({}).STREAM_PORT).toBeUndefined();
    expect(parseEnv({ STREAM_PORT: "3001" }).STREAM_PORT).toBe(3001);
    expect(errorOf({ STREAM_PORT: "70000" })).toMatch(/STREAM_PORT: /);
  });

  it("caps live-stream connections per account at 5 unless STREAM_MAX_CONNECTIONS_PER_ACCOUNT says otherwise", () => {
    expect(parseEnv({}).STREAM_MAX_CONNECTIONS_PER_ACCOUNT).toBe(5);
    expect(parseEnv({ STREAM_MAX_CONNECTIONS_PER_ACCOUNT: "20" }).STREAM_MAX_CONNECTIONS_PER_ACCOUNT).toBe(20);
    for (const bad of ["0", "-1", "2.5", "many"]) {
      expect(errorOf({ STREAM_MAX_CONNECTIONS_PER_ACCOUNT: bad })).toMatch(/STREAM_MAX_CONNECTIONS_PER_ACCOUNT: must be a whole number from 1/);
    }
  });

  it("gives the vehicle-control interlocks a 60 s window unless CONTROL_INTERLOCK_FRESH_S says otherwise, never above the stale threshold", () => {
    expect(parseEnv({}).CONTROL_INTERLOCK_FRESH_S).toBe(60);
    expect(parseEnv({ CONTROL_INTERLOCK_FRESH_S: "30" }).CONTROL_INTERLOCK_FRESH_S).toBe(30);
    for (const bad of ["0", "-5", "1.5", "soon"]) {
      expect(errorOf({ CONTROL_INTERLOCK_FRESH_S: bad })).toMatch(/CONTROL_INTERLOCK_FRESH_S: must be a whole number of seconds from 1/);
    }
    expect(errorOf({ CONTROL_INTERLOCK_FRESH_S: "400" })).toMatch(/CONTROL_INTERLOCK_FRESH_S: must not be above CONTROL_STALE_AFTER_S/);
    expect(parseEnv({ CONTROL_INTERLOCK_FRESH_S: "400", CONTROL_STALE_AFTER_S: "600" }).CONTROL_INTERLOCK_FRESH_S).toBe(400);
  });

  it("takes MAP_STYLE_URL as offline or an http(s) style address, and says which when it is neither", () => {
    expect(parseEnv({ MAP_STYLE_URL: "offline" }).MAP_STYLE_URL).toBe("offline");
    expect(parseEnv({ MAP_STYLE_URL: "https://tiles.example.com/styles/bright" }).MAP_STYLE_URL).toBe("https://tiles.example.com/styles/bright");
    expect(errorOf({ MAP_STYLE_URL: "OFFLINE" })).toMatch(/MAP_STYLE_URL: must be offline or an http\(s\) URL of a MapLibre style/);
  });

  it("takes MAP_PMTILES only as a readable PMTiles v3 file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "fleetline-env-"));
    const archive = path.join(dir, "region.pmtiles");
    // the header's first bytes are enough for the start-up check: magic and spec version 3
    writeFileSync(archive, Buffer.concat([Buffer.from("PMTiles", "latin1"), Buffer.from([3]), Buffer.alloc(119)]));
    expect(parseEnv({ MAP_PMTILES: archive }).MAP_PMTILES).toBe(archive);

    expect(errorOf({ MAP_PMTILES: path.join(dir, "missing.pmtiles") })).toMatch(/MAP_PMTILES: must name an existing, readable file/);
    expect(errorOf({ MAP_PMTILES: dir })).toMatch(/MAP_PMTILES: must name a file/);
    const notPmtiles = path.join(dir, "region.mbtiles");
    writeFileSync(notPmtiles, "SQLite format 3\0");
    expect(errorOf({ MAP_PMTILES: notPmtiles })).toMatch(/MAP_PMTILES: must be a PMTiles v3 archive/);
    const version2 = path.join(dir, "old.pmtiles");
    writeFileSync(version2, Buffer.concat([Buffer.from("PM"), Buffer.from([2, 0]), Buffer.alloc(123)]));
    expect(errorOf({ MAP_PMTILES: version2 })).toMatch(/MAP_PMTILES: must be a PMTiles v3 archive/);
  });
});
