// Prisma CLI configuration. The database URL is deliberately absent: `env("DATABASE_URL")` throws when the
// variable is unset (the embedded default), and the server applies migrations itself (server/db/migrate.ts).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
