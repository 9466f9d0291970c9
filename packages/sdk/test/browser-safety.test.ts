// The client core must run in browsers and edge runtimes: no Node built-ins or globals outside
// the Node-only entry point (src/node.ts). packaging.once.test.ts also bundles the published
// package for a browser.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));
const NODE_ONLY = /from "node:|require\(|\bBuffer\b|\bprocess\.|__dirname/;

async function coreFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push(...(await coreFiles(full)));
    } else if (entry.name.endsWith(".ts") && entry.name !== "node.ts") out.push(full);
  }
  return out;
}

describe("browser and edge safety", () => {
  it("keeps Node-only APIs out of the client core", async () => {
    const files = await coreFiles(SRC);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const code = (await readFile(file, "utf8")).split("\n").filter((line) => !line.trim().startsWith("//"));
      expect(
        code.filter((line) => NODE_ONLY.test(line)),
        path.relative(SRC, file),
      ).toEqual([]);
    }
  });
});
