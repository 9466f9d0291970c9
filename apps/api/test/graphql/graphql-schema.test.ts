// The committed SDL (apps/api/schema.graphql) must match the schema the server serves.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { printSdl } from "../../src/graphql";

describe("apps/api/schema.graphql", () => {
  it("is up to date (run `pnpm --filter @locale/api schema:print`)", () => {
    const committed = readFileSync(fileURLToPath(new URL("../../schema.graphql", import.meta.url)), "utf8");
    expect(committed).toBe(printSdl());
  });
});
