// N18 (a): a reverse proxy on this host with TRUST_PROXY=0 makes every client local. The real server (without Next)
// warns once, at the first request from loopback that carries X-Forwarded-For, and never for requests without the
// header or when TRUST_PROXY=1.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { startFleetline, type RunningServer } from "../server";
import { useCapturedLog } from "../testing/captured-log";
import { UNTRUSTED_PROXY_WARNING } from "./untrusted-proxy-warning";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

let running: RunningServer | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const captured = useCapturedLog();

async function start(extra: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "fleetline-proxy-warning-"));
  dirs.push(dataDir);
  running = await startFleetline(
    parseEnv({ NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: "0", LOG_LEVEL: "silent", FLEET_DEMO: "0", DATA_DIR: dataDir, ...extra }),
    { next: false },
  );
  return running;
}

const warnings = () =>
  captured.text
    .split("\n")
    .filter((line) => line.includes("X-Forwarded-For while TRUST_PROXY=0"))
    .map((line) => {
      const { level, msg } = JSON.parse(line) as { level: number; msg: string };
      return { level, msg };
    });

describe("a request from loopback with X-Forwarded-For while TRUST_PROXY=0", () => {
  it("is warned about once, at the first such request", async () => {
    const server = await start();
    await (await fetch(`http://127.0.0.1:${server.port}/healthz`)).arrayBuffer();
    expect(warnings()).toEqual([]);
    for (const forwarded of ["203.0.113.9", "198.51.100.7"]) {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`, { headers: { "x-forwarded-for": forwarded } });
      expect(response.status).toBe(200); // the header is still not believed: the socket is loopback
      await response.arrayBuffer();
    }
    expect(warnings()).toEqual([{ level: 40, msg: UNTRUSTED_PROXY_WARNING }]); // 40: warn
  }, 60_000);

  it("is not warned about when TRUST_PROXY=1", async () => {
    const server = await start({ TRUST_PROXY: "1" });
    await (await fetch(`http://127.0.0.1:${server.port}/healthz`, { headers: { "x-forwarded-for": "203.0.113.9" } })).arrayBuffer();
    expect(warnings()).toEqual([]);
  }, 60_000);
});
