/**
 * Throughput benchmark: for each format, parse and serialize 100,000 entries with
 * @locale/formats and, side by side, with the underlying library alone (the floor).
 * Each measurement runs in its own child process so peak RSS is per measurement;
 * times are the median of 3–5 runs.
 *
 *   pnpm --filter @locale/formats bench            # all formats
 *   pnpm --filter @locale/formats bench po yaml    # some formats
 */
import { fork } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import { mo as moLib, po as poLib } from "gettext-parser";
import YAML from "yaml";
import { FORMAT_IDS, type FormatId, parse, serialize } from "../src/index.js";
import { makeEntries } from "./entries.js";

const N = Number(process.env.BENCH_ENTRIES ?? 100_000);
const LANGUAGE = "de";
const OPTIONS = { language: LANGUAGE, sourceLanguage: "en" };

type Result = { parseMs: number; serializeMs: number; rssMiB: number; entries: number };

const xmlParser = () => new XMLParser({ ignoreAttributes: false, processEntities: false });
const xmlBuilder = () => new XMLBuilder({ ignoreAttributes: false, format: true, processEntities: false });

/** The underlying library alone: parse the same file and write its own parsed form back. */
const FLOORS: Partial<
  Record<FormatId, { name: string; run: (file: Uint8Array) => { parse: () => unknown; serialize: (doc: unknown) => unknown } }>
> = {
  "json-flat": {
    name: "JSON.parse/stringify",
    run: (f) => ({ parse: () => JSON.parse(Buffer.from(f).toString("utf8")), serialize: (d) => JSON.stringify(d, null, 2) }),
  },
  "json-nested": {
    name: "JSON.parse/stringify",
    run: (f) => ({ parse: () => JSON.parse(Buffer.from(f).toString("utf8")), serialize: (d) => JSON.stringify(d, null, 2) }),
  },
  arb: {
    name: "JSON.parse/stringify",
    run: (f) => ({ parse: () => JSON.parse(Buffer.from(f).toString("utf8")), serialize: (d) => JSON.stringify(d, null, 2) }),
  },
  yaml: {
    name: "yaml parse/stringify",
    run: (f) => ({ parse: () => YAML.parse(Buffer.from(f).toString("utf8")), serialize: (d) => YAML.stringify(d) }),
  },
  po: {
    name: "gettext-parser po",
    run: (f) => ({ parse: () => poLib.parse(Buffer.from(f)), serialize: (d) => poLib.compile(d as never) }),
  },
  pot: {
    name: "gettext-parser po",
    run: (f) => ({ parse: () => poLib.parse(Buffer.from(f)), serialize: (d) => poLib.compile(d as never) }),
  },
  mo: {
    name: "gettext-parser mo",
    run: (f) => ({ parse: () => moLib.parse(Buffer.from(f)), serialize: (d) => moLib.compile(d as never) }),
  },
  ...Object.fromEntries(
    (["android-xml", "ios-stringsdict", "xliff", "xliff2"] as const).map((id) => [
      id,
      {
        name: "fast-xml-parser",
        run: (f: Uint8Array) => ({
          parse: () => xmlParser().parse(Buffer.from(f).toString("utf8")),
          serialize: (d: unknown) => xmlBuilder().build(d),
        }),
      },
    ]),
  ),
};

/** Median of several runs (at least 3, more while under ~1.5 s), so one GC pause does not decide. */
function time<T>(fn: () => T): [T, number] {
  const times: number[] = [];
  let value: T;
  let spent = 0;
  do {
    const start = performance.now();
    value = fn();
    const ms = performance.now() - start;
    times.push(ms);
    spent += ms;
  } while (times.length < 3 || (times.length < 5 && spent < 1000));
  times.sort((a, b) => a - b);
  return [value, times[Math.floor(times.length / 2)]!];
}

function child(format: FormatId, mode: "ours" | "floor", file: string): void {
  const bytes = new Uint8Array(readFileSync(file));
  let result: Result;
  if (mode === "ours") {
    const [parsed, parseMs] = time(() =>
      parse(format, format === "mo" ? bytes : Buffer.from(bytes).toString("utf8"), { language: LANGUAGE, maxBytes: 1 << 30 }),
    );
    const [, serializeMs] = time(() => serialize(format, parsed.entries, OPTIONS));
    result = { parseMs, serializeMs, rssMiB: process.resourceUsage().maxRSS / 1024, entries: parsed.entries.length };
  } else {
    const floor = FLOORS[format]!.run(bytes);
    const [doc, parseMs] = time(floor.parse);
    const [, serializeMs] = time(() => floor.serialize(doc));
    result = { parseMs, serializeMs, rssMiB: process.resourceUsage().maxRSS / 1024, entries: N };
  }
  process.send?.(result);
}

function runChild(format: FormatId, mode: "ours" | "floor", file: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const proc = fork(fileURLToPath(import.meta.url), ["--child", format, mode, file], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let got: Result | undefined;
    proc.on("message", (m) => (got = m as Result));
    proc.on("exit", (code) => (got ? resolve(got) : reject(new Error(`${format}/${mode} exited with ${code}`))));
  });
}

const rate = (n: number, ms: number) =>
  Math.round(n / (ms / 1000))
    .toLocaleString("en-US")
    .padStart(11);
const ratio = (ours: number, floor: number) => `${(ours / floor).toFixed(2)}×`.padStart(7);

async function main(): Promise<void> {
  const only = process.argv.slice(2).filter((a) => (FORMAT_IDS as readonly string[]).includes(a)) as FormatId[];
  const selected = only.length > 0 ? only : [...FORMAT_IDS];
  const dir = mkdtempSync(join(tmpdir(), "formats-bench-"));
  const entries = makeEntries(N);
  console.log(`@locale/formats benchmark — ${N.toLocaleString("en-US")} entries per format, Node ${process.version}\n`);
  console.log("format           | op        | ours entries/s | floor entries/s | ratio  | ours RSS | floor RSS | floor");
  console.log("-----------------|-----------|----------------|-----------------|--------|----------|-----------|------");
  try {
    for (const format of selected) {
      const file = join(dir, `input.${format}`);
      writeFileSync(file, serialize(format, entries, OPTIONS));
      const ours = await runChild(format, "ours", file);
      const floorDef = FLOORS[format];
      const floor = floorDef ? await runChild(format, "floor", file) : undefined;
      for (const op of ["parse", "serialize"] as const) {
        const oursMs = op === "parse" ? ours.parseMs : ours.serializeMs;
        const floorMs = floor ? (op === "parse" ? floor.parseMs : floor.serializeMs) : undefined;
        console.log(
          [
            format.padEnd(16),
            op.padEnd(9),
            rate(N, oursMs).padStart(14),
            (floorMs !== undefined ? rate(N, floorMs) : "n/a").padStart(15),
            floorMs !== undefined ? ratio(oursMs, floorMs) : "   n/a",
            `${ours.rssMiB.toFixed(0)} MiB`.padStart(8),
            (floor ? `${floor.rssMiB.toFixed(0)} MiB` : "n/a").padStart(9),
            floorDef?.name ?? "none (hand-written parser)",
          ].join(" | "),
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--child") child(process.argv[3] as FormatId, process.argv[4] as "ours" | "floor", process.argv[5]!);
else await main();
