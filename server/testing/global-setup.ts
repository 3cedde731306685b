// vitest global setup: probes PostgreSQL and Redis once and tells every test file which suites can run, makes the
// migrated templates every suite's database is copied from (database-templates.ts), and starts a Redis server of
// its own for each worker (worker-redis.ts), so files running at the same time never share one.
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildBundle } from "../../scripts/build-cli.mjs";
import { createEmbeddedImage, createPostgresTemplate } from "./database-templates";
import { reachable, servicesRequired, TEST_POSTGRES_URL, TEST_REDIS_URL } from "./services";
import { redisServerProgram, startWorkerRedis } from "./worker-redis";

declare module "vitest" {
  export interface ProvidedContext {
    postgres: boolean;
    redis: boolean;
    /** the migrated PostgreSQL template database ("" without PostgreSQL) */
    postgresTemplate: string;
    /** the file holding a migrated PGlite data directory */
    embeddedImage: string;
    /** server/testing/test-node.ts bundled for this run (node-process.ts starts it) */
    testNodeBundle: string;
    /** each worker's own Redis server, worker n at n - 1 (empty: every worker uses TEST_REDIS_URL) */
    workerRedisUrls: string[];
  }
}

export default async function setup(project: TestProject) {
  const [postgres, redis] = await Promise.all([reachable(TEST_POSTGRES_URL), reachable(TEST_REDIS_URL)]);
  if (servicesRequired() && (!postgres || !redis)) {
    const missing = [!postgres && `PostgreSQL (${TEST_POSTGRES_URL})`, !redis && `Redis (${TEST_REDIS_URL})`].filter(Boolean);
    throw new Error(`FLEETLINE_REQUIRE_SERVICES=1 but not reachable: ${missing.join(", ")}`);
  }
  if (!postgres) console.warn(`PostgreSQL not reachable at ${TEST_POSTGRES_URL}: PostgreSQL suites are skipped`);
  if (!redis) console.warn(`Redis not reachable at ${TEST_REDIS_URL}: Redis suites are skipped`);
  project.provide("postgres", postgres);
  project.provide("redis", redis);
  const program = redis ? redisServerProgram() : null;
  const workers = project.config.maxWorkers;
  if (redis && !program && workers > 1) console.warn(`no redis-server program: the ${workers} workers share ${TEST_REDIS_URL}`);
  const workerRedis = program ? await startWorkerRedis(program, workers) : null;
  project.provide("workerRedisUrls", workerRedis?.urls ?? []);
  // the multi-node tests start test-node.ts a dozen times or more: bundled once here (esbuild, under a second), each
  // start is plain Node instead of tsx compiling the server's import graph again (seconds of CPU each). Inside the
  // package (.build/test), so its packages resolve from node_modules as under tsx.
  const testNodeBundle = path.join(".build", "test", "test-node.mjs");
  const [postgresTemplate, embeddedImage] = await Promise.all([
    postgres ? createPostgresTemplate() : null,
    createEmbeddedImage(),
    buildBundle("server/testing/test-node.ts", testNodeBundle),
  ]);
  project.provide("testNodeBundle", path.resolve(testNodeBundle));
  project.provide("postgresTemplate", postgresTemplate?.name ?? "");
  project.provide("embeddedImage", embeddedImage.name);
  return async () => {
    await Promise.all([postgresTemplate?.remove(), embeddedImage.remove(), workerRedis?.stop()]);
  };
}
