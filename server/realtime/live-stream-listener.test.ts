// STREAM_PORT: the live stream on a port of its own (the spec serves {avl_url} from its own host), with the real
// composition root. The stream answers there and on the main port; nothing else is served on its port.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { makeAccount, makeAsset, makeToken } from "../testing/http-fixtures";
import { startFleetline, type RunningServer } from "../server";
import { connectStream, streamQuery } from "../testing/live-stream-harness";

describe("the live stream on STREAM_PORT", () => {
  let running: RunningServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), "fleetline-stream-port-"));
  beforeAll(async () => {
    const config = parseEnv({ NODE_ENV: "test", HOST: "127.0.0.1", PORT: "0", STREAM_PORT: "0", GT06_PORT: "0", OSMAND_PORT: "0", TELTONIKA_PORT: "0", FLEET_DEMO: "0", LOG_LEVEL: "silent", DATA_DIR: dataDir });
    running = await startFleetline(config, { next: false });
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves socket.io on its own port as well as the main one, and only socket.io there", async () => {
    expect(running.streamPort).toBeGreaterThan(0);
    expect(running.streamPort).not.toBe(running.port);
    const account = await makeAccount("Own port");
    const { id: assetId } = await makeAsset(account.id, "Van");
    const { token } = await makeToken(account.id);
    for (const port of [running.streamPort, running.port]) {
      const client = connectStream(`http://127.0.0.1:${port}`, streamQuery(token, [assetId]));
      expect(await client.first).toEqual([]);
      client.close();
    }
    const other = await fetch(`http://127.0.0.1:${running.streamPort}/healthz`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: "Not found. This port serves only the live stream at /socket.io/." });
  });
});
