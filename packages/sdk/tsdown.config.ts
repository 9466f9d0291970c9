// Build of the published package: ESM JavaScript and bundled declarations in dist/. The
// workspace itself uses the TypeScript sources (see `exports` vs `publishConfig.exports`).
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: { index: "src/index.ts", node: "src/node.ts" },
  format: "esm",
  platform: "neutral",
  target: "node20",
  fixedExtension: false,
  dts: true,
  sourcemap: false,
  clean: true,
  // node.ts (the Node-only entry) uses built-ins; the browser-safe entry imports none.
  external: [/^node:/],
});
