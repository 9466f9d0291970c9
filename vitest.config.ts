// One test run for the whole workspace. Database-backed suites run on PGlite always, and a second
// time on PostgreSQL when TEST_DATABASE_URL is set (each test file gets its own fresh database).
import { defineConfig } from "vitest/config";

const dbSuites = ["apps/*/test/**/*.test.ts", "packages/{core,db,sdk}/test/**/*.test.ts"];

const dbProject = (backend: "pglite" | "postgres") => ({
  test: {
    name: backend,
    include: dbSuites,
    env: { TEST_DB_BACKEND: backend },
    globalSetup: backend === "postgres" ? ["./vitest.postgres-setup.ts"] : [],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["packages/formats/**/*.test.ts"], exclude: ["**/node_modules/**"], testTimeout: 60_000 } },
      dbProject("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [dbProject("postgres")] : []),
    ],
  },
});
