// The core tier: the domain's services called directly, as a procedure calls them, on a fresh
// database and without the HTTP server (test/helpers/core-fixture.ts composes their context as the
// api does). Runs on PGlite here and in the root's run (project "core"); the root's postgres
// project runs these files again on PostgreSQL when TEST_DATABASE_URL is set.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "core",
    include: ["test/**/*.test.ts"],
    // *.once.test.ts (the checks' corpus calibration) run in the root's "once" project.
    exclude: ["**/node_modules/**", "**/*.once.test.ts", "**/*.postgres.test.ts"],
    env: { TEST_DB_BACKEND: "pglite" },
    // As the root's database projects: files share a worker's modules (vitest.config.ts says why),
    // so a test restores whatever it patches.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // as the root's projects (vitest.config.ts says why)
    expect: { poll: { timeout: 30_000, interval: 50 } },
  },
});
