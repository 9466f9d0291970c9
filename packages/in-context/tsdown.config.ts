// Build of the published package: ESM JavaScript and bundled declarations in dist/. capture.ts is
// reached only through a dynamic import, so it (and the screenshot library, left to the
// application's bundler) lands in a chunk of its own that loads on demand.
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: "esm",
  platform: "browser",
  target: "es2022",
  fixedExtension: false,
  dts: true,
  sourcemap: false,
  clean: true,
  external: ["i18next", "modern-screenshot"],
});
