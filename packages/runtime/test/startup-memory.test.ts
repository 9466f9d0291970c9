// Giving back start-up memory: when the addon is called (and when it must not be), and — in a real
// node process with the built addon — that the young generation a start-up grew shrinks back.
import { execFile, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { type ReleaseAddon, releaseStartupMemory } from "../src/startup-memory";

const moduleUrl = new URL("../src/startup-memory.ts", import.meta.url).href;
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function fakeAddon(builtFor: string): ReleaseAddon & { calls: number } {
  const addon = {
    builtFor,
    calls: 0,
    release() {
      addon.calls++;
      return true;
    },
  };
  return addon;
}

// Objects that survive scavenges while they are made grow V8's young generation to its maximum, as
// loading the modules does at start-up; then they are dropped.
const STARTUP_LIKE = `
import v8 from "node:v8";
import { releaseStartupMemory } from ${JSON.stringify(moduleUrl)};
const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size;
let kept = [];
for (let i = 0; i < 400000; i++) { kept.push({ i, s: "module " + i }); if (kept.length > 100000) kept = kept.slice(50000); }
kept = null;
const before = young();
const result = releaseStartupMemory();
console.log(JSON.stringify({ before, after: young(), result }));
`;

describe("releaseStartupMemory", () => {
  // The addon is built here if `pnpm build` has not (cached by its stamp), and failing to build it
  // fails the suite (RUNTIME_ADDON_REQUIRED=1): the last test checks the addon itself.
  beforeAll(() => {
    const script = path.join(packageDir, "scripts", "build.mjs");
    const built = spawnSync(process.execPath, [script], { env: { ...process.env, RUNTIME_ADDON_REQUIRED: "1" }, stdio: "inherit" });
    if (built.status !== 0) throw new Error("the memory-release addon could not be built (scripts/build.mjs)");
  });

  it("calls the addon once when it was built for this node", () => {
    const addon = fakeAddon(process.version);
    const result = releaseStartupMemory(() => addon);
    expect(addon.calls).toBe(1);
    expect(result).toMatchObject({ released: true, mallocTrimmed: true });
  });

  it("does not call an addon built for another node (its V8 call is C++, not Node-API)", () => {
    const addon = fakeAddon("v18.0.0");
    const result = releaseStartupMemory(() => addon);
    expect(addon.calls).toBe(0);
    expect(result).toEqual({ released: false, reason: expect.stringMatching(/built for node v18\.0\.0.*pnpm build/) });
  });

  it("starts without it when the addon is missing: a reason, never an exception", () => {
    const result = releaseStartupMemory(() => {
      throw new Error("Cannot find module release_memory.node");
    });
    expect(result).toEqual({ released: false, reason: expect.stringMatching(/not available: Cannot find module/) });
  });

  it("shrinks the young generation a start-up grew back to its minimum (the built addon, a real process)", {
    timeout: 60_000,
  }, async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", STARTUP_LIKE], {
      cwd: packageDir,
    });
    const { before, after, result } = JSON.parse(stdout) as { before: number; after: number; result: { released: boolean } };
    expect(result.released).toBe(true);
    expect(before).toBeGreaterThanOrEqual(8 * 1048576);
    expect(after).toBeLessThanOrEqual(2 * 1048576);
  });
});
