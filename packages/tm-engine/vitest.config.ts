import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "tm-engine",
    include: ["test/**/*.test.ts"],
    // Compiles the addon first (TM_ENGINE_REQUIRED=1): a missing compiler fails the suite.
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
