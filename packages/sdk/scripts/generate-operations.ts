// Writes src/generated/{operations,openapi}.ts from the OpenAPI document the server builds
// in-process. Run after changing a router or the document:
// `pnpm --filter @locale/sdk generate` (a test fails when the committed files are stale).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderGenerated } from "./render-operations";

for (const [name, text] of Object.entries(await renderGenerated())) {
  const target = fileURLToPath(new URL(`../src/generated/${name}`, import.meta.url));
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
