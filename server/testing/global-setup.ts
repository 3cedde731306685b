// vitest global setup: probes PostgreSQL and Redis once and tells every test file which suites can run, and makes the
// migrated templates every suite's database is copied from (database-templates.ts).
import type { TestProject } from "vitest/node";
import { createEmbeddedImage, createPostgresTemplate } from "./database-templates";
import { reachable, servicesRequired, TEST_POSTGRES_URL, TEST_REDIS_URL } from "./services";

declare module "vitest" {
  export interface ProvidedContext {
    postgres: boolean;
    redis: boolean;
    /** the migrated PostgreSQL template database ("" without PostgreSQL) */
    postgresTemplate: string;
    /** the file holding a migrated PGlite data directory */
    embeddedImage: string;
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
  const [postgresTemplate, embeddedImage] = await Promise.all([postgres ? createPostgresTemplate() : null, createEmbeddedImage()]);
  project.provide("postgresTemplate", postgresTemplate?.name ?? "");
  project.provide("embeddedImage", embeddedImage.name);
  return async () => {
    await Promise.all([postgresTemplate?.remove(), embeddedImage.remove()]);
  };
}
