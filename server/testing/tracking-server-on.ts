// Test support: the public tracking server (public-tracking-harness.ts) on either database kind, for suites that
// speak real HTTP on both: the embedded PGlite in the server's own DATA_DIR, or a scratch PostgreSQL database
// dropped again when the server closes.
import { startTrackingServer, type TrackingServer } from "./public-tracking-harness";
import { createScratchDatabase } from "./scratch-postgres";
import type { DatabaseKind } from "./test-database";

export async function startTrackingServerOn(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TrackingServer> {
  if (kind === "embedded") return startTrackingServer(env);
  const scratch = await createScratchDatabase();
  try {
    const server = await startTrackingServer({ ...env, DATABASE_URL: scratch.url });
    return {
      ...server,
      async close() {
        await server.close();
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}
