/**
 * Old vs new: the library at a base commit against the working tree, same input, same harness.
 * The base sources are checked out into a temporary git worktree (removed afterwards) that
 * borrows this package's node_modules, so both sides use the same library versions. Per format,
 * old and new each run in their own child processes, alternately (old/new, new/old, …), so load
 * from elsewhere on the machine falls on both sides; each child parses the same file and
 * serializes what it parsed, one warm-up pass then the median of several timed passes.
 * The table gives entries/s (entries the file holds, wall time, median over the rounds per side)
 * and new ÷ old (> 1 = faster now) as the median of the per-round ratios (old and new of a round
 * ran back to back), for wall time and for the process's CPU time (less disturbed when other
 * work shares the cores), with the load average at the start and end of each format.
 *
 *   pnpm --filter @locale/formats bench:compare                          # base 5dc01e3, every format
 *   pnpm --filter @locale/formats bench:compare --base <commit> --rounds 5 xliff xliff2
 *   pnpm --filter @locale/formats bench:compare --base-dir <checkout of packages/formats>
 *   BENCH_ENTRIES=20000 pnpm --filter @locale/formats bench:compare        # smaller input
 */
import { execFileSync, fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { makeEntries } from "./entries.js";

const N = Number(process.env.BENCH_ENTRIES ?? 100_000);
const LANGUAGE = "de";
const OPTIONS = { language: LANGUAGE, sourceLanguage: "en" };
const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");

type Timing = { wallMs: number; cpuMs: number };
type Result = { parse: Timing; serialize: Timing; entries: number; output: number };
type FormatsModule = typeof import("../src/index.js");

/** One warm-up pass, then the median of `passes` timed ones (wall and CPU time, independently). */
function time<T>(fn: () => T, passes: number): [T, Timing] {
  let value = fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < passes; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    value = fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return [value, { wallMs: median(wall), cpuMs: median(cpu) }];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

async function child(srcDir: string, format: string, file: string, passes: number): Promise<void> {
  const lib = (await import(pathToFileURL(join(srcDir, "index.ts")).href)) as FormatsModule;
  const id = format as Parameters<FormatsModule["parse"]>[0];
  const bytes = new Uint8Array(readFileSync(file));
  const input = format === "mo" ? bytes : Buffer.from(bytes).toString("utf8");
  const [parsed, parseT] = time(() => lib.parse(id, input, { language: LANGUAGE, maxBytes: 1 << 30 }), passes);
  const [out, serializeT] = time(() => lib.serialize(id, parsed.entries, OPTIONS), passes);
  process.send?.({ parse: parseT, serialize: serializeT, entries: parsed.entries.length, output: out.length } satisfies Result);
}

function runChild(srcDir: string, format: string, file: string, passes: number): Promise<Result> {
  return new Promise((ok, fail) => {
    const proc = fork(fileURLToPath(import.meta.url), ["--child", srcDir, format, file, String(passes)], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let got: Result | undefined;
    proc.on("message", (m) => (got = m as Result));
    proc.on("exit", (code) => (got ? ok(got) : fail(new Error(`${format} (${srcDir}) exited with ${code}`))));
  });
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

const rate = (entries: number, ms: number) => {
  const r = entries / (ms / 1000);
  return r >= 1e6 ? `${(r / 1e6).toFixed(2)}M` : r >= 1e4 ? `${Math.round(r / 1e3)}k` : `${(r / 1e3).toFixed(1)}k`;
};
const load = () => loadavg()[0]!.toFixed(1);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const base = option(args, "--base") ?? "5dc01e3";
  const baseDirArg = option(args, "--base-dir");
  const rounds = Number(option(args, "--rounds") ?? 4);
  const passes = Number(option(args, "--passes") ?? 5);
  const newLib = (await import("../src/index.js")) as FormatsModule;
  const selected = args.length > 0 ? args : [...newLib.FORMAT_IDS];
  for (const f of selected) if (!newLib.isFormatId(f)) throw new Error(`Unknown format: ${f}`);

  const repo = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd: PACKAGE_DIR, encoding: "utf8" }).trim();
  const packagePath = PACKAGE_DIR.slice(repo.length + 1);
  let worktree: string | undefined;
  let oldPackage: string;
  if (baseDirArg) oldPackage = resolve(baseDirArg);
  else {
    worktree = join(mkdtempSync(join(tmpdir(), "formats-base-")), "tree");
    execFileSync("git", ["worktree", "add", "--detach", worktree, base], { cwd: repo, stdio: "ignore" });
    oldPackage = join(worktree, packagePath);
    symlinkSync(join(PACKAGE_DIR, "node_modules"), join(oldPackage, "node_modules"));
  }
  const dir = mkdtempSync(join(tmpdir(), "formats-compare-"));
  const sides = { old: join(oldPackage, "src"), new: join(PACKAGE_DIR, "src") };
  const entries = makeEntries(N);
  console.log(
    `@locale/formats old (${baseDirArg ?? base}) vs new (working tree) — ${N.toLocaleString("en-US")} entries, ` +
      `${rounds} rounds of old/new child processes alternated, median of ${passes} passes each, Node ${process.version}\n`,
  );
  console.log(
    "| format | op | old entries/s | new entries/s | new ÷ old (wall) | new ÷ old (CPU) | per-round ratios (CPU) | load start–end |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  try {
    for (const format of selected) {
      const file = join(dir, `input.${format}`);
      const id = format as Parameters<FormatsModule["serialize"]>[0];
      writeFileSync(file, newLib.serialize(id, entries, OPTIONS));
      const loadStart = load();
      const runs: Record<"old" | "new", Result[]> = { old: [], new: [] };
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 === 0 ? (["old", "new"] as const) : (["new", "old"] as const);
        for (const side of order) runs[side].push(await runChild(sides[side], format, file, passes));
      }
      if (runs.old[0]!.entries !== runs.new[0]!.entries)
        console.warn(`${format}: old read ${runs.old[0]!.entries} entries, new ${runs.new[0]!.entries}`);
      const loadEnd = load();
      for (const op of ["parse", "serialize"] as const) {
        const wall = (side: "old" | "new") => median(runs[side].map((x) => x[op].wallMs));
        // Old and new of one round ran back to back, so their ratio shares that moment's load.
        const paired = (t: keyof Timing) => runs.old.map((o, i) => o[op][t] / runs.new[i]![op][t]);
        console.log(
          `| ${format} | ${op} | ${rate(runs.old[0]!.entries, wall("old"))} | ${rate(runs.new[0]!.entries, wall("new"))} | ` +
            `${median(paired("wallMs")).toFixed(2)} | ${median(paired("cpuMs")).toFixed(2)} | ` +
            `${paired("cpuMs")
              .map((r) => r.toFixed(2))
              .join(" ")} | ${loadStart}–${loadEnd} |`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (worktree) {
      execFileSync("git", ["worktree", "remove", "--force", worktree], { cwd: repo, stdio: "ignore" });
      rmSync(dirname(worktree), { recursive: true, force: true });
    }
  }
}

if (process.argv[2] === "--child") await child(process.argv[3]!, process.argv[4]!, process.argv[5]!, Number(process.argv[6]));
else await main();
