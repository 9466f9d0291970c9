/**
 * Every reader costs time linear in its input and memory a small multiple of it, whatever the
 * input's shape. Each format gets hostile shapes that grow one thing an attacker controls (the
 * count of keys, nesting, references, repetition); each shape is read at scale k and at 16k.
 * Linear work grows 16x, quadratic 256x: the CPU time may grow at most 80x, and the heap two
 * results keep alive may be at most 64 times the input (plus 4 MiB). Ratios in one run, with a
 * warm-up and the fastest of several runs, so a loaded machine does not decide the outcome.
 * The bounds this guards are listed in packages/formats/README.md ("Safety").
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { type FormatId, parse, parseGlossary } from "../src/index.js";
import { moFile } from "./mo-builder.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

type Reader = FormatId | "glossary-csv" | "glossary-tbx";
type Shape = { name: string; reader: Reader; build: (k: number) => string | Uint8Array };

const BASE = 8;
const GROWTH = 16;
// Linear code measured 10x to 51x here (caches and collections grow with the input); quadratic 130x and more.
const MAX_TIME_RATIO = 80;
const MAX_HEAP_PER_BYTE = 64;
const HEAP_SLACK = 4 * 1024 * 1024;

const times = (n: number, f: (i: number) => string): string => Array.from({ length: n }, (_, i) => f(i)).join("");

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const android = (body: string) => xml(`<resources>\n${body}</resources>\n`);
const xliff12 = (body: string) =>
  xml(
    `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" target-language="de" datatype="plaintext" original="x"><body>${body}</body></file></xliff>`,
  );
const xliff20 = (body: string) =>
  xml(`<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="de"><file id="f">${body}</file></xliff>`);
const plist = (body: string) =>
  xml(
    `<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0"><dict>${body}</dict></plist>`,
  );
const stringsdictEntry = (i: number) =>
  `<key>k${i}</key><dict><key>NSStringLocalizedFormatKey</key><string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>%d item</string><key>other</key><string>%d items</string></dict></dict>`;
const tbx = (body: string) =>
  xml(`<tbx type="TBX-Basic" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2"><text><body>${body}</body></text></tbx>`);
const concept = (i: number, langs: number) =>
  `<conceptEntry id="c${i}"><langSec xml:lang="en"><termSec><term>term ${i}</term></termSec></langSec>${times(
    langs,
    (l) => `<langSec xml:lang="x-l${l}"><termSec><term>t${i}-${l}</term><termNote type="caseSensitive">true</termNote></termSec></langSec>`,
  )}</conceptEntry>`;
/** YAML nested to depth d (below maxDepth) under key `r${i}`. */
const yamlDeep = (i: number, d: number) => `r${i}:\n${times(d, (l) => `${"  ".repeat(l + 1)}n${l}:\n`)}${"  ".repeat(d + 1)}leaf: x\n`;
const jsonDeep = (i: number, d: number) => `"r${i}":${'{"n":'.repeat(d)}"x"${"}".repeat(d)}`;

const SHAPES: Shape[] = [
  { name: "many keys", reader: "json-flat", build: (k) => `{${times(k * 40, (i) => `"key.${i}":"value ${i}",`)}"end":"x"}` },
  { name: "one key repeated", reader: "json-flat", build: (k) => `{${times(k * 40, (i) => `"same":"v${i}",`)}"end":"x"}` },
  { name: "escaped quotes in keys", reader: "json-flat", build: (k) => `{${times(k * 40, (i) => `"k\\"${i}" : "a\\"b",`)}"end":"x"}` },
  { name: "many keys", reader: "json-nested", build: (k) => `{${times(k * 20, (i) => `"g${i}":{"a":"x","b":"y"},`)}"end":"x"}` },
  { name: "deep branches", reader: "json-nested", build: (k) => `{${times(k * 2, (i) => `${jsonDeep(i, 60)},`)}"end":"x"}` },
  {
    name: "dotted names colliding",
    reader: "json-nested",
    build: (k) => `{${times(k * 20, (i) => `"a.b${i}":"x","a":{"b${i}":"y"},`)}"e":"x"}`,
  },
  {
    name: "a long name over many children",
    reader: "json-nested",
    build: (k) => `{"${"n".repeat(k * 500)}":{${times(k * 100, (i) => `"${i}":"",`)}"e":""}}`,
  },
  { name: "many keys in one map", reader: "yaml", build: (k) => times(k * 160, (i) => `key_${i}: value ${i}\n`) },
  { name: "deep branches", reader: "yaml", build: (k) => times(k, (i) => yamlDeep(i, 30)) },
  {
    name: "aliases of a big map",
    reader: "yaml",
    build: (k) => `base: &b\n${times(k * 20, (i) => `  k${i}: v${i}\n`)}${times(99, (i) => `copy${i}: *b\n`)}`,
  },
  {
    name: "a long name over many children",
    reader: "yaml",
    build: (k) => `? ${"n".repeat(k * 500)}\n:\n${times(k * 100, (i) => `  ${i}: ""\n`)}`,
  },
  {
    name: "many strings",
    reader: "android-xml",
    build: (k) => android(times(k * 20, (i) => `<string name="s${i}">Value ${i} &amp; more</string>\n`)),
  },
  {
    name: "deep inline markup",
    reader: "android-xml",
    build: (k) => android(times(k, (i) => `<string name="s${i}">${"<b>".repeat(80)}x${"</b>".repeat(80)}</string>\n`)),
  },
  {
    name: "many plurals",
    reader: "android-xml",
    build: (k) =>
      android(
        times(k * 4, (i) => `<plurals name="p${i}"><item quantity="one">%d item</item><item quantity="other">%d items</item></plurals>\n`),
      ),
  },
  { name: "many pairs", reader: "ios-strings", build: (k) => times(k * 30, (i) => `/* note ${i} */\n"key ${i}" = "value \\"${i}\\"";\n`) },
  { name: "one long comment", reader: "ios-strings", build: (k) => `/* ${"x".repeat(k * 1000)} */\n"a" = "b";\n` },
  { name: "many plural dicts", reader: "ios-stringsdict", build: (k) => plist(times(k * 2, stringsdictEntry)) },
  {
    name: "many units",
    reader: "xliff",
    build: (k) =>
      xliff12(
        times(k * 10, (i) => `<trans-unit id="u${i}"><source>Source ${i}</source><target>Ziel ${i}</target><note>n</note></trans-unit>`),
      ),
  },
  {
    name: "nested groups and inline markup",
    reader: "xliff",
    build: (k) =>
      xliff12(
        times(
          k,
          (i) =>
            `${"<group>".repeat(40)}<trans-unit id="u${i}"><source>${'<g id="1">'.repeat(40)}x${"</g>".repeat(40)}</source></trans-unit>${"</group>".repeat(40)}`,
        ),
      ),
  },
  {
    name: "many units",
    reader: "xliff2",
    build: (k) =>
      xliff20(times(k * 10, (i) => `<unit id="u${i}"><segment><source>Source ${i}</source><target>Ziel ${i}</target></segment></unit>`)),
  },
  {
    name: "nested groups",
    reader: "xliff2",
    build: (k) =>
      xliff20(
        times(
          k,
          (i) => `${'<group id="g">'.repeat(40)}<unit id="u${i}"><segment><source>x</source></segment></unit>${"</group>".repeat(40)}`,
        ),
      ),
  },
  {
    name: "many messages with metadata",
    reader: "arb",
    build: (k) =>
      `{"@@locale":"en",${times(k * 10, (i) => `"m${i}":"Hi {name}","@m${i}":{"description":"d","placeholders":{"name":{}}},`)}"end":"x"}`,
  },
  {
    name: "deeply nested ICU values",
    reader: "arb",
    build: (k) => `{${times(k, (i) => `"m${i}":"${"{a,select,other{".repeat(60)}x${"}}".repeat(60)}",`)}"end":"x"}`,
  },
  {
    name: "many entries",
    reader: "po",
    build: (k) =>
      `msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n${times(k * 15, (i) => `#: src/a.c:${i}\nmsgid "Message ${i}"\nmsgstr "Nachricht ${i}"\n\n`)}`,
  },
  {
    name: "many plurals under a long Plural-Forms",
    reader: "po",
    build: (k) =>
      `msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nPlural-Forms: nplurals=6; plural=${"(".repeat(60)}n%7${")".repeat(60)};\\n"\n\n${times(
        k * 4,
        (i) => `msgid "one ${i}"\nmsgid_plural "many ${i}"\n${times(6, (f) => `msgstr[${f}] "form ${f} ${i}"\n`)}\n`,
      )}`,
  },
  {
    name: "many msgstr indices",
    reader: "po",
    build: (k) => `msgid "a"\nmsgid_plural "b"\n${times(k * 60, (f) => `msgstr[${f}] "x"\n`)}`,
  },
  { name: "many entries", reader: "pot", build: (k) => times(k * 20, (i) => `#. comment\nmsgid "Message ${i}"\nmsgstr ""\n\n`) },
  {
    name: "many strings",
    reader: "mo",
    build: (k) => moFile({ strings: Array.from({ length: k * 20 }, (_, i) => [`Message ${i}`, `Nachricht ${i}`] as [string, string]) }),
  },
  {
    name: "system-dependent strings",
    reader: "mo",
    build: (k) =>
      moFile({
        segments: ["I"],
        sysdep: Array.from({ length: k * 10 }, (_, i) => [
          [`%`, `d files ${i}`],
          [`%`, `d Dateien ${i}`],
        ]),
      }),
  },
  {
    // One segment referenced by every piece: what the pieces assemble grows as the product of both.
    name: "one segment referenced over and over",
    reader: "mo",
    build: (k) => moFile({ segments: ["S".repeat(k * 256)], sysdep: [[Array(k * 32).fill(""), ["x"]]] }),
  },
  {
    name: "many rows",
    reader: "glossary-csv",
    build: (k) => `term,definition,de,fr\n${times(k * 30, (i) => `term ${i},"def, ${i}",Begriff ${i},terme ${i}\n`)}`,
  },
  {
    name: "many columns",
    reader: "glossary-csv",
    build: (k) => `term,${times(k * 20, (c) => `x-c${c},`)}de\n${times(4, (i) => `t${i},${",".repeat(k * 20)}x\n`)}`,
  },
  { name: "many concepts", reader: "glossary-tbx", build: (k) => tbx(times(k * 4, (i) => concept(i, 3))) },
  { name: "many languages per concept", reader: "glossary-tbx", build: (k) => tbx(times(4, (i) => concept(i, k * 4))) },
];

function read(reader: Reader, input: string | Uint8Array): unknown {
  try {
    if (reader === "glossary-csv") return parseGlossary("csv", input);
    if (reader === "glossary-tbx") return parseGlossary("tbx", input);
    return parse(reader, input, { language: "de" });
  } catch (err) {
    // A refusal is a bounded answer too; what it cost is measured all the same.
    return err;
  }
}

function bytes(input: string | Uint8Array): number {
  return typeof input === "string" ? Buffer.byteLength(input) : input.byteLength;
}

/**
 * The fastest of `runs` CPU times (user + system, µs) of reading the input. No gc() in between:
 * a forced full collection drops compiled code and makes the next small run look 3x slower.
 */
function cpuTime(reader: Reader, input: string | Uint8Array, runs: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < runs; r++) {
    const start = process.cpuUsage();
    read(reader, input);
    const used = process.cpuUsage(start);
    best = Math.min(best, used.user + used.system);
  }
  return best;
}

/**
 * The heap that two results of reading the input keep alive. Two, because V8 may hold on to the
 * last big string it worked on (regular-expression caches): one earlier run's string counted in
 * `before` and released in between would hide a second one, but not both.
 */
function heapKept(reader: Reader, input: string | Uint8Array): number {
  gc();
  const before = memoryInUse();
  const results = [read(reader, input), read(reader, input)];
  gc();
  const kept = memoryInUse() - before;
  return results.length === 2 ? kept : Number.NaN;
}

/** The JS heap plus memory outside it: Node keeps a string decoded from over 1 MB of bytes outside the heap. */
function memoryInUse(): number {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

describe("every reader is linear in its input", () => {
  it.each(SHAPES.map((s) => [`${s.reader}: ${s.name}`, s] as const))("%s", (_, shape) => {
    const small = shape.build(BASE);
    const large = shape.build(BASE * GROWTH);
    // Warm-up at both sizes: the reader is compiled and optimised before it is timed.
    cpuTime(shape.reader, small, 2);
    cpuTime(shape.reader, large, 1);
    const a = cpuTime(shape.reader, small, 7);
    const b = cpuTime(shape.reader, large, 4);
    const heap = heapKept(shape.reader, large);
    // Below a millisecond the clock's grain dominates: the smaller run counts as at least 1 ms.
    const ratio = b / Math.max(a, 1000);
    expect(ratio, `CPU ${a} µs → ${b} µs for ${bytes(small)} → ${bytes(large)} bytes`).toBeLessThan(MAX_TIME_RATIO);
    expect(heap, `heap kept by two results: ${heap} bytes for ${bytes(large)} input bytes`).toBeLessThan(
      MAX_HEAP_PER_BYTE * bytes(large) + HEAP_SLACK,
    );
  });
});
