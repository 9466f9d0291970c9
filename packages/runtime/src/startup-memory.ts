// Gives back, once start-up is over, the memory start-up used and no longer needs. Measured on the
// api against PostgreSQL (BENCHMARKS.md, "Production server start-up"): 10 s after its first answer
// the idle process held 210–280 MB, of which ~30 MB was V8's young generation at the size loading the
// modules grew it to, and 40–60 MB was memory glibc's malloc kept after start-up freed it (glibc
// raises its trim threshold after large blocks are freed, so it stops handing memory back). V8
// gives both back by itself only when its memory reducer runs, 20–40 s later or not at all while
// anything allocates, and Node 20 offers JavaScript no way to ask sooner: a plain gc() neither
// shrinks the young generation (measured 3 s and 6 s after listening) nor trims malloc.
// A native addon (src/release-memory.cc, built by scripts/build.mjs) sends V8's memory-pressure
// notification and calls malloc_trim. It runs once, shortly after start-up, never on a request's
// path: one full collection (~0.1–0.5 s); under load the young generation grows back to its full
// size within seconds (measured: 10 s into the mixed-load benchmark), so steady state is unchanged.
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export interface ReleaseAddon {
  /** The node version (process.version) whose headers it was compiled against. */
  builtFor: string;
  /** Collects under memory pressure and trims malloc; true when malloc gave memory back. */
  release(): boolean;
}

export type StartupMemoryRelease =
  | { released: true; mallocTrimmed: boolean; rssBeforeMb: number; rssAfterMb: number }
  | { released: false; reason: string };

function loadAddon(): ReleaseAddon {
  const file = fileURLToPath(new URL("../build/release_memory.node", import.meta.url));
  const addon = createRequire(import.meta.url)(file) as Partial<ReleaseAddon>;
  if (typeof addon.release !== "function" || typeof addon.builtFor !== "string") throw new Error(`${file} is not the memory-release addon`);
  return addon as ReleaseAddon;
}

const rssMb = () => Math.round(process.memoryUsage.rss() / 1048576);

/**
 * Call once, when the process has finished starting. Never throws: without the addon (no C++
 * compiler when it was built, another platform) the process only keeps the memory it held anyway.
 */
export function releaseStartupMemory(load: () => ReleaseAddon = loadAddon): StartupMemoryRelease {
  let addon: ReleaseAddon;
  try {
    addon = load();
  } catch (error) {
    return { released: false, reason: `the memory-release addon is not available: ${(error as Error).message}` };
  }
  // Its V8 call is C++, bound to the node it was compiled for; a node upgraded since the last
  // build must not call it (start.sh and `pnpm build` rebuild it for the node in use).
  if (addon.builtFor !== process.version)
    return {
      released: false,
      reason: `the memory-release addon was built for node ${addon.builtFor}, this is ${process.version}; run pnpm build`,
    };
  const rssBeforeMb = rssMb();
  const mallocTrimmed = addon.release();
  return { released: true, mallocTrimmed, rssBeforeMb, rssAfterMb: rssMb() };
}

/**
 * How long after start-up the release runs: the first requests (a readiness probe, the clients that
 * waited out a restart) are answered before its one full collection pauses the process.
 */
export const STARTUP_MEMORY_RELEASE_DELAY_MS = 2_000;

/** releaseStartupMemory() once, STARTUP_MEMORY_RELEASE_DELAY_MS from now; never keeps the process alive. */
export function releaseStartupMemorySoon(report: (result: StartupMemoryRelease) => void): void {
  setTimeout(() => report(releaseStartupMemory()), STARTUP_MEMORY_RELEASE_DELAY_MS).unref();
}
