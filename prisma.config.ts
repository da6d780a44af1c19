// Prisma 7 CLI configuration. The CLI loads this file for generate / migrate / db commands.
// The schema engine is the wasm build shipped inside the prisma package, selected by scripts/prisma.mjs;
// nothing here depends on which engine runs.
import { defineConfig } from 'prisma/config';

/** The project default: the local PostgreSQL every machine of this project runs (trust auth). */
const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/grocery';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: {
    path: 'prisma/migrations',
    seed: 'node scripts/run.mjs seed',
  },
  datasource: {
    url: process.env.DATABASE_URL || DEFAULT_DATABASE_URL,
    // Optional: a dedicated, disposable shadow database for `migrate dev` / `migrate diff --from-migrations`.
    // Unset, a temporary one is created on the same server and dropped afterwards.
    ...(process.env.SHADOW_DATABASE_URL ? { shadowDatabaseUrl: process.env.SHADOW_DATABASE_URL } : {}),
  },
});
