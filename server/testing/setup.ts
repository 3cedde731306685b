// Per-worker test setup: a quiet, valid environment (the bundled offline map style: tests reach nothing outside this
// machine), a fixed signing secret, and this worker's own Redis server (worker-redis.ts) as TEST_REDIS_URL, set
// before any test file reads it. Each test file opens its own
// database through test-database.ts, so files never share state.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv, setEnv } from "../env";
import { setProtocolCatalogue } from "../modules/protocol-port";
import { setAuthSecret } from "../security/auth-secret";
import { registryCatalogue } from "../tracker/protocol-catalogue";
import { inject } from "vitest";

// worker n (VITEST_POOL_ID, from 1) takes the n-th server; services.ts reads TEST_REDIS_URL when a test file first
// imports it, after this (nothing above imports it)
const workerRedisUrls = inject("workerRedisUrls");
if (workerRedisUrls.length > 0) {
  const pool = Math.max(1, Number(process.env.VITEST_POOL_ID) || 1);
  process.env.TEST_REDIS_URL = workerRedisUrls[(pool - 1) % workerRedisUrls.length];
}

setEnv(
  parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "fleetline-test-")),
    PORT: "0",
    MAP_STYLE_URL: "offline",
  }),
);
setAuthSecret("test-secret-test-secret-test-secret-0123456789");
// what the server sets first thing at start-up (server.ts): the domain names IO and reads protocols through it
setProtocolCatalogue(registryCatalogue);
