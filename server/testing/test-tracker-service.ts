// Test support for suites that speak to the tracker service over real sockets: for the enclosing describe, the
// service on 127.0.0.1 over the suite's test database, with the listeners it asks for on free ports (the others
// off), and a memory hub installed as the process's hub; all stopped again after the suite.
//
//   const t = useTestDatabase(kind);
//   const tracker = useTestTrackerService(kind, t, { gt06: true });
//   it("...", () => connect(tracker.service.streamPort("gt06")!));
import pino from "pino";
import { afterAll, beforeAll } from "vitest";
import type { Database, Db } from "../db/client";
import { createMemoryHub, setHub, type Hub } from "../hub";
import { startTrackerService, type TrackerService } from "../tracker/tracker-service";
import { freePort } from "./free-port";
import type { DatabaseKind } from "./test-database";

export interface TestTrackerServiceOptions {
  /** open the Teltonika TCP listener */
  teltonika?: boolean;
  /** open the GT06 listener */
  gt06?: boolean;
  /** open the OsmAnd (HTTP) listener */
  osmand?: boolean;
  /** the service's log level; silent unless a suite wants to see it */
  logLevel?: string;
}

export function useTestTrackerService(
  kind: DatabaseKind,
  t: { readonly db: Db; readonly database: Database },
  options: TestTrackerServiceOptions,
): { readonly service: TrackerService; readonly hub: Hub } {
  let hub: Hub | undefined;
  let service: TrackerService | undefined;
  beforeAll(async () => {
    hub = createMemoryHub();
    setHub(hub);
    service = await startTrackerService({
      prisma: t.db,
      sql: t.database.sql,
      hub,
      host: "127.0.0.1",
      teltonikaPort: options.teltonika ? await freePort() : 0,
      gt06Port: options.gt06 ? await freePort() : undefined,
      osmandPort: options.osmand ? await freePort() : undefined,
      embedded: kind === "embedded",
      logger: pino({ level: options.logLevel ?? "silent" }),
    });
  });
  afterAll(async () => {
    await service?.stop();
    setHub(undefined);
    await hub?.close();
  });
  return {
    get service() {
      if (!service) throw new Error("tracker service not started yet");
      return service;
    },
    get hub() {
      if (!hub) throw new Error("tracker service not started yet");
      return hub;
    },
  };
}
