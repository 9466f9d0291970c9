// The package boundaries of ARCHITECTURE.md are Biome `noRestrictedImports` rules, so a wrong
// import fails `pnpm lint`. Each case lints a probe file placed, in a scratch copy of the
// configuration, where the rule applies, and expects the rule to fire (or not).
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIOME = path.join(ROOT, "node_modules/.bin/biome");
const scratch = mkdtempSync(path.join(tmpdir(), "boundaries-"));
copyFileSync(path.join(ROOT, "biome.json"), path.join(scratch, "biome.json"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let probe = 0;
async function restricted(file: string, importLine: string): Promise<boolean> {
  const rel = file.replace("*", `probe${probe++}`);
  mkdirSync(path.dirname(path.join(scratch, rel)), { recursive: true });
  writeFileSync(path.join(scratch, rel), `${importLine}\nexport { x };\n`);
  const out = await promisify(execFile)(BIOME, ["lint", "--vcs-enabled=false", "--max-diagnostics=50", rel], { cwd: scratch }).then(
    (r) => r.stdout + r.stderr,
    (e: { stdout: string; stderr: string }) => e.stdout + e.stderr,
  );
  return out.includes("lint/style/noRestrictedImports");
}

describe("import boundaries", () => {
  it.each([
    ["apps/web/src/*.ts", 'import { x } from "@locale/core";'],
    ["apps/web/src/*.ts", 'import { x } from "@locale/core/tm";'],
    ["apps/web/src/*.ts", 'import { x } from "@locale/db";'],
    ["apps/web/src/editor/*.ts", 'import { x } from "../../../../packages/core/src/shared/placeholders";'],
    ["packages/formats/src/*.ts", 'import { x } from "@locale/core";'],
    ["packages/core/src/keys/*.ts", 'import { x } from "@locale/api/router";'],
    ["packages/core/src/keys/*.ts", 'import { x } from "@locale/worker";'],
    ["apps/api/src/*.ts", 'import { x } from "@locale/worker/queue";'],
    ["apps/api/src/*.ts", 'import { x } from "../../worker/src/runner";'],
    ["apps/worker/src/*.ts", 'import { x } from "@locale/api/router";'],
    ["packages/runtime/src/*.ts", 'import { x } from "@locale/core";'],
    ["packages/runtime/src/*.ts", 'import { x } from "@locale/db/client";'],
    ["packages/core/src/browser/*.ts", 'import { x } from "node:fs";'],
    ["packages/core/src/qa/checks/*.ts", 'import { x } from "zod";'],
    ["packages/core/src/shared/placeholders.ts", 'import { x } from "@locale/db";'],
    ["packages/core/src/browser/*.ts", 'import { x } from "../../../db/src/client";'],
  ])("%s may not `%s`", { timeout: 60_000 }, async (file, line) => {
    expect(await restricted(file, line)).toBe(true);
  });

  it.each([
    ["apps/web/src/*.ts", 'import { x } from "@locale/core/browser";'],
    ["apps/web/src/*.ts", 'import { x } from "@locale/core/qa";'],
    ["apps/api/src/*.ts", 'import { x } from "@locale/worker";'],
    ["apps/api/src/*.ts", 'import { x } from "@locale/runtime";'],
    ["apps/worker/src/*.ts", 'import { x } from "@locale/runtime";'],
    ["packages/core/src/keys/*.ts", 'import { x } from "@locale/formats";'],
    ["packages/core/src/keys/*.ts", 'import { x } from "node:fs";'],
    ["packages/runtime/src/*.ts", 'import { x } from "node:fs";'],
    ["packages/core/src/qa/checks/*.ts", 'import { x } from "../types";'],
    ["packages/core/src/browser/*.ts", 'import { x } from "../pretranslate/leverage-bands";'],
  ])("%s may `%s`", { timeout: 60_000 }, async (file, line) => {
    expect(await restricted(file, line)).toBe(false);
  });

  // The browser-safe rule names the modules the two entries reach; a module newly reached must be
  // added to it, or the web app could bundle an import the rule never looked at.
  it("covers every module core's browser-safe entries reach", () => {
    const config = JSON.parse(readFileSync(path.join(ROOT, "biome.json"), "utf8")) as { overrides: { includes: string[] }[] };
    const covered = config.overrides.find((o) => o.includes.includes("packages/core/src/browser/**"))!.includes;
    const isCovered = (file: string) => covered.some((g) => (g.endsWith("/**") ? file.startsWith(g.slice(0, -2)) : file === g));
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const [, spec] of readFileSync(path.join(ROOT, file), "utf8").matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)) {
        const base = path.posix.join(path.posix.dirname(file), spec!);
        visit([`${base}.ts`, `${base}/index.ts`].find((f) => existsSync(path.join(ROOT, f)))!);
      }
    };
    visit("packages/core/src/browser/index.ts");
    visit("packages/core/src/qa/index.ts");
    expect(reached.size).toBeGreaterThan(10);
    expect([...reached].filter((f) => !isCovered(f))).toEqual([]);
  });
});
