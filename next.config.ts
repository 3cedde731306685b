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
    // report files (server/modules/reports/render): pdfkit reads its font metrics from its own folder at run time
    "pdfkit",
    "exceljs",
  ],
  // `next dev` prints every request's path: a tracking link's uuid is the whole key of a public link, so those paths
  // stay out of that output (the access log writes them cut short: server/http/loggable-path.ts)
  logging: { incomingRequests: { ignore: [/\/t\/[^/?]+/, /\/api\/public\/tracking\//, /\/tracking-links\/[^/?]+/] } },
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default config;
