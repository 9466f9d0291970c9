// Build of the published package: the CLI as ESM JavaScript in dist/ (run by bin/locale-cli.js,
// no TypeScript loader at run time). The SDK's code is bundled in: the command then runs the
// same from an install and inside this workspace (where @locale/sdk resolves to TypeScript
// sources), and cannot meet an SDK of another version. cli-progress and eventsource-parser (the
// SDK's one dependency) stay dependencies.
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
  noExternal: ["@locale/sdk"],
});
