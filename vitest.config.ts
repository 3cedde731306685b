import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["server/testing/global-setup.ts"],
    setupFiles: ["server/testing/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // vitest's default is one worker fewer than cores: one on the 2-core CI machine, which then waits on PostgreSQL,
    // Redis and the servers the tests start with a core idle. Two at least; each has its own Redis server
    // (server/testing/worker-redis.ts) and every file its own databases, so files running at once share nothing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    env: { NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" },
  },
});
