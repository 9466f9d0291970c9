// Summarises a V8 .cpuprofile (node --cpu-prof; the core-api benchmark writes one with
// PROFILE_DIR=<dir>): self time by function and by package or file, plus inclusive time of
// functions whose name matches FOCUS (a regular expression), so a request path's cost can be
// read without a profiler UI.
//   pnpm exec tsx apps/api/bench/cpu-profile-summary.ts <file.cpuprofile> [top=40]
import { readFileSync } from "node:fs";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: cpu-profile-summary.ts <file.cpuprofile> [top]");
  process.exit(2);
}
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, "utf8")) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};

const self = new Map<number, number>();
// SKIP_MS=<ms> leaves out the first milliseconds (start-up: module loading, migrations), UNTIL_MS
// what follows (the benchmark's bulk writes).
const skipUs = Number(process.env.SKIP_MS ?? 0) * 1000;
const untilUs = Number(process.env.UNTIL_MS ?? Number.POSITIVE_INFINITY) * 1000;
let elapsedUs = 0;
profile.samples.forEach((id, i) => {
  elapsedUs += profile.timeDeltas[i] ?? 0;
  if (elapsedUs >= skipUs && elapsedUs < untilUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** node_modules package (pnpm layout) or the workspace file a URL belongs to. */
function packageOf(url: string): string {
  if (!url) return "(native/vm)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\/.*?\/(apps|packages)\//, "$1/");
}

const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, us] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const fn = `${functionName || "(anonymous)"} ${packageOf(url)}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  const pkg = packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}

// Inclusive time of matching functions (counted once per sample even when recursive).
const focus = process.env.FOCUS ? new RegExp(process.env.FOCUS) : null;
const inclusive = new Map<string, number>();
if (focus) {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      const fn = `${functionName || "(anonymous)"} ${packageOf(url)}:${lineNumber + 1}`;
      if (focus.test(fn) && !seen.has(fn)) {
        seen.add(fn);
        inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
      }
    }
  }
}

const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
const print = (title: string, rows: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${pct(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
};
console.log(`total sampled: ${(total / 1000).toFixed(0)} ms of ${(elapsedUs / 1000).toFixed(0)} ms profiled`);
print("self time by package / file", byPackage);
print("self time by function", byFunction);
if (focus) print(`inclusive time, functions matching ${focus}`, inclusive);

// Who calls a function: CALLERS=<regular expression> prints the heaviest call paths (DEPTH frames up, 5 by default).
if (process.env.CALLERS) {
  const callers = new RegExp(process.env.CALLERS);
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const paths = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    if (!callers.test(frame.functionName)) continue;
    const names: string[] = [];
    for (let at = parent.get(id); at !== undefined && names.length < Number(process.env.DEPTH ?? 5); at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      names.push(`${f.functionName || "(anonymous)"} ${packageOf(f.url)}:${f.lineNumber + 1}`);
    }
    const key = `${frame.functionName} ← ${names.join(" ← ")}`;
    paths.set(key, (paths.get(key) ?? 0) + us);
  }
  print(`call paths of ${callers}`, paths);
}
