// The tracker service as the server starts it: a re-numbered tracker is recognised at once, not after the
// directory's cache expires.
import net from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryHub, setHub, type Hub } from "../hub";
import { createAccount } from "../modules/accounts/create-account";
import { createAsset } from "../modules/assets/create-asset";
import { updateAsset } from "../modules/assets/update-asset";
import { freePort } from "../testing/free-port";
import { databaseKinds, useTestDatabase } from "../testing/test-database";
import { encodeLogin } from "./protocols/teltonika/avl-encoder";
import { startTrackerService, type TrackerService } from "./tracker-service";
import { testImei } from "../testing/test-imei";

/** logs in with `imei` and resolves with the server's one-byte answer */
async function login(port: number, imei: string): Promise<number> {
  const socket = net.connect({ host: "127.0.0.1", port });
  try {
    await new Promise((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    socket.write(encodeLogin(imei));
    const answer = await new Promise<Buffer>((resolve, reject) => socket.once("data", resolve).once("error", reject));
    return answer[0]!;
  } finally {
    socket.destroy();
  }
}

describe.each(databaseKinds())("tracker service on %s", (kind) => {
  const t = useTestDatabase(kind);
  let hub: Hub;
  let service: TrackerService;

  beforeAll(async () => {
    hub = createMemoryHub();
    setHub(hub); // use cases announce changes on the process hub, as in the server
    service = await startTrackerService({
      prisma: t.db,
      sql: t.database.sql,
      hub,
      host: "127.0.0.1",
      teltonikaPort: await freePort(),
      embedded: kind === "embedded",
      logger: pino({ level: "silent" }),
    });
  });
  afterAll(async () => {
    await service?.stop();
    setHub(undefined);
    await hub?.close();
  });

  it("recognises a re-numbered tracker at the next login (the asset change is announced)", async () => {
    const [first, second] = [testImei(), testImei()];
    const account = await createAccount({ name: "Renumbering" });
    const asset = await createAsset({ accountId: account.id, name: "Van", imei: first });
    expect(await login(service.tcpPort!, first)).toBe(1);
    expect(await login(service.tcpPort!, second)).toBe(0);

    await updateAsset({ accountId: account.id, assetId: asset.id, imei: second });
    await new Promise((resolve) => setTimeout(resolve, 20)); // the announcement is delivered asynchronously
    expect(await login(service.tcpPort!, second)).toBe(1);
    expect(await login(service.tcpPort!, first)).toBe(0); // the old number no longer names the asset
  });
});
