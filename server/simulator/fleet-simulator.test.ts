// How a simulator run ends: `finish` stops the driving but lets the answers to packets already sent arrive (a login
// refused just as `fleet simulate --duration` ran out is counted, not lost), and gives up after its grace; `stop`
// gives up at once. The server here is a bare TCP peer that answers a Teltonika login only when the test says so,
// which is the slow server the grace exists for.
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { pollUntil } from "../testing/poll-until";
import { testImei } from "../testing/test-imei";
import { FleetSimulator } from "./fleet-simulator";

/** a listener that holds every login until `refuseAll` answers each with Teltonika's refusal (0x00) */
async function slowServer() {
  const logins: net.Socket[] = [];
  const server = net.createServer((socket) => {
    socket.once("data", () => logins.push(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    logins,
    refuseAll: () => {
      for (const socket of logins) socket.end(Buffer.from([0x00]));
    },
    close: () => {
      for (const socket of logins) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("a simulator run's end", () => {
  let server: Awaited<ReturnType<typeof slowServer>>;
  afterEach(() => server?.close());

  function simulator(vehicles: number) {
    return new FleetSimulator({ imeis: Array.from({ length: vehicles }, () => testImei()), host: "127.0.0.1", port: server.port, intervalMs: 60_000, gapChance: 0 });
  }

  it("finish counts a refusal that arrives after the driving stopped", async () => {
    server = await slowServer();
    const fleet = simulator(2);
    fleet.start();
    await pollUntil("both logins", () => (server.logins.length === 2 ? true : undefined));
    const finished = fleet.finish(30_000);
    server.refuseAll();
    await finished;
    expect(fleet.stats).toMatchObject({ vehicles: 2, refused: 2, records: 0 });
  });

  it("finish gives up on answers that do not come within its grace", async () => {
    server = await slowServer();
    const fleet = simulator(1);
    fleet.start();
    await pollUntil("the login", () => (server.logins.length === 1 ? true : undefined));
    await fleet.finish(50);
    server.refuseAll(); // too late: the device hung up
    expect(fleet.stats).toMatchObject({ refused: 0, records: 0 });
  });

  it("stop gives up at once", async () => {
    server = await slowServer();
    const fleet = simulator(1);
    fleet.start();
    await pollUntil("the login", () => (server.logins.length === 1 ? true : undefined));
    fleet.stop();
    server.refuseAll();
    await fleet.idle();
    expect(fleet.stats.refused).toBe(0);
  });
});
