// One test run for the whole workspace, in tiers (ARCHITECTURE.md, "Tests"): "unit" and
// "tm-engine" (pure modules, the native TM engine); "core" (packages/core/vitest.config.ts: the
// domain's services called directly on a fresh PGlite database, no HTTP server); "pglite" (the
// service's suites, mostly over HTTP, each test file on its own fresh database); "postgres" (the
// pglite and core suites again on PostgreSQL, when TEST_DATABASE_URL is set); "once".
// Two naming conventions place a suite elsewhere:
//   *.once.test.ts      black-box suites whose database does not matter (packaging, docs pages):
//                       run once, on PGlite, in the "once" project;
//   *.postgres.test.ts  suites that need a PostgreSQL server (several processes on one database):
//                       run only in the "postgres" project.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

const dbSuites = ["apps/*/test/**/*.test.ts", "packages/{db,sdk,cli,i18next-backend}/test/**/*.test.ts"];
// The core tier's suites: on PGlite in their own project, on PostgreSQL with the others.
const coreSuites = ["packages/core/test/**/*.test.ts"];
const ONCE = "**/*.once.test.ts";
// expect.poll waits on something to happen (a page's next render, a job's next event); its default
// of one second fails a slow but correct run on a loaded machine (seen: three suites side by side
// on two cores). A poll that passes returns at once, so a generous limit costs nothing.
const EXPECT_POLL = { poll: { timeout: 30_000, interval: 50 } };
const POSTGRES_ONLY = "**/*.postgres.test.ts";

const dbProject = (backend: "pglite" | "postgres") => ({
  test: {
    name: backend,
    include: backend === "pglite" ? dbSuites : [...dbSuites, ...coreSuites],
    exclude: ["**/node_modules/**", "apps/web/**", ONCE, ...(backend === "pglite" ? [POSTGRES_ONLY] : [])],
    env: { TEST_DB_BACKEND: backend },
    globalSetup: backend === "postgres" ? ["./vitest.postgres-setup.ts"] : [],
    // Files share a worker's modules instead of each loading the app afresh: measured on a quiet
    // 2-core machine, the pglite project took 488.6 s isolated and 332.0 s without. So a test must
    // not count on a fresh module: spy on the object the code calls through (vi.spyOn), not
    // vi.mock, and restore whatever it patches (spies, env, globals, timers) before it ends.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    expect: EXPECT_POLL,
  },
});

export default defineConfig({
  test: {
    // At least two test files at a time, even on two cores (vitest's default there is one): most
    // suites wait on PostgreSQL, PGlite, child processes or Chromium, not on their own CPU. Measured
    // on a 2-core machine: the whole suite 869 s with one file at a time, 569 s with two.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Every run also leaves each file's duration behind, so the suite's slowest files can be
    // found after a CI run without running it again (node_modules/.cache is never committed).
    reporters: ["default", ["json", { outputFile: "node_modules/.cache/vitest-results.json" }]],
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/{formats,runtime,in-context}/**/*.test.ts", "apps/web/test/**/*.test.ts", "tooling/**/*.test.ts"],
          exclude: ["**/node_modules/**"],
          testTimeout: 60_000,
          expect: EXPECT_POLL,
        },
      },
      // the native TM engine: its own config builds the addon first and fails when it cannot
      "packages/tm-engine/vitest.config.ts",
      // the core tier (also `pnpm --filter @locale/core test`, so `turbo run test`)
      "packages/core/vitest.config.ts",
      dbProject("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [dbProject("postgres")] : []),
      {
        test: {
          name: "once",
          include: [ONCE],
          exclude: ["**/node_modules/**"],
          env: { TEST_DB_BACKEND: "pglite" },
          testTimeout: 180_000,
          hookTimeout: 300_000,
          expect: EXPECT_POLL,
        },
      },
    ],
  },
});
