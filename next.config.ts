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
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default config;
