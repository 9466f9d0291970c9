// Build of the published package: ESM JavaScript and bundled declarations in dist/. The SDK (its
// delivery client) and i18next stay imports: the application's bundler resolves them once.
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: "esm",
  platform: "neutral",
  target: "es2022",
  fixedExtension: false,
  dts: true,
  sourcemap: false,
  clean: true,
  external: ["i18next", "@locale/sdk"],
});
