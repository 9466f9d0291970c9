// Writes src/generated/operations.ts: the HTTP method, path, query parameters and body flag of
// every documented REST operation, read from the OpenAPI document the server builds in-process.
// The SDK's types come from the routers (type-only import); this table is what the runtime needs.
// Run after changing a router: `pnpm --filter @locale/sdk generate` (a test fails when it is stale).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderOperations } from "./render-operations";

const target = fileURLToPath(new URL("../src/generated/operations.ts", import.meta.url));
writeFileSync(target, await renderOperations());
console.log(`wrote ${target}`);
