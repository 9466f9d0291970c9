// Build of the published package: the CLI as ESM JavaScript in dist/ (run by bin/locale-cli.js,
// no TypeScript loader at run time). @locale/sdk and cli-progress stay dependencies.
import { defineConfig } from "tsdown";

export default defineConfig({
  entry: { main: "src/main.ts" },
  format: "esm",
  platform: "node",
  target: "node20",
  fixedExtension: false,
  dts: true,
  sourcemap: false,
  clean: true,
});
