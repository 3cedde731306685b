import type { NextConfig } from "next";

const config: NextConfig = {
  // Node-only packages the server loads itself; Next must not bundle them (native code, wasm, workers).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "pg",
    "@node-rs/argon2",
    "pino",
    "redis",
    "socket.io",
    "engine.io",
    "ws",
    // one registry per process, shared with the custom server through globalThis (server/metrics/registry.ts)
    "prom-client",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default config;
