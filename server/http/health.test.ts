// GET /healthz (operations.md "Health"): 503 while starting, 200 {"status":"ok"} when ready, 503 when the database
// ping fails or does not answer in time.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { respondHealth, type HealthState } from "./health";

let server: Server | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(state: HealthState): Promise<string> {
  server = createServer((_request, response) => void respondHealth(state, response));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
}

describe("respondHealth", () => {
  it("answers 503 starting before the server is ready, without pinging", async () => {
    const ping = vi.fn(async () => {});
    const response = await fetch(await serve({ ready: false, ping }));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "starting" });
    expect(ping).not.toHaveBeenCalled();
  });

  it("answers 200 ok when ready and the database answers", async () => {
    const response = await fetch(await serve({ ready: true, ping: async () => {} }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers 503 when the database ping fails, without internals", async () => {
    const response = await fetch(
      await serve({ ready: true, ping: async () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:5432")) }),
    );
    expect(response.status).toBe(503);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ status: "unavailable", reason: "database unreachable" });
    expect(body).not.toContain("ECONNREFUSED");
  });

  it("answers 503 when the database ping hangs past the timeout", async () => {
    const started = Date.now();
    const response = await fetch(await serve({ ready: true, ping: () => new Promise(() => {}) }));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable" });
    // bounded by the 2 s ping timeout, not by the hanging ping
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("recovers to 200 when the database answers again", async () => {
    let up = false;
    const url = await serve({ ready: true, ping: async () => (up ? undefined : Promise.reject(new Error("down"))) });
    expect((await fetch(url)).status).toBe(503);
    up = true;
    expect((await fetch(url)).status).toBe(200);
  });
});
