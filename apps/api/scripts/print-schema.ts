// Prints the GraphQL SDL to apps/api/schema.graphql (`pnpm --filter @locale/api schema:print`);
// test/graphql/graphql-schema.test.ts fails when the committed file is stale.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { printSdl } from "../src/graphql";

const target = fileURLToPath(new URL("../schema.graphql", import.meta.url));
writeFileSync(target, printSdl());
console.log(`wrote ${target}`);
