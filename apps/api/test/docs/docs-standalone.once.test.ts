// The repository stands on its own: no tracked file (source, test, script, doc, config) may cite
// documents that live outside it — the product's spec, decisions or capabilities notes, or a
// sibling `shared` folder next to the checkout. Rules are written in docs/*.md and the README, and
// comments point there. The patterns are assembled from pieces so this file does not match itself.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { cwd: import.meta.dirname, encoding: "utf8" }).trim();

const OUTSIDE_DOCS = ["DECI" + "SIONS", "SP" + "EC", "CAPABI" + "LITIES"];
/** `NAME.md` in any case, or the bare upper-case name used as a citation (`NAME "Limits"`). */
const DOC_NAME = new RegExp(`\\b(?:(?:${OUTSIDE_DOCS.join("|")})\\.md\\b|(?:${OUTSIDE_DOCS.join("|")})\\b)`, "g");
const DOC_FILE = new RegExp(`\\b(?:${OUTSIDE_DOCS.join("|")})\\.md\\b`, "gi");
/** A relative path that climbs to a folder named `shared`; it must resolve to a tracked path. */
const SHARED_PATH = new RegExp(`(?:\\.\\.\\/)+${"sha" + "red"}(?:\\/[\\w.-]+)*`, "g");
const SHARED_SPEC = new RegExp(`\\b${"sha" + "red"}\\/${"sp" + "ec"}\\b`, "gi");
const MODULE_SUFFIXES = ["", ".ts", ".tsx", ".mts", ".js", ".mjs", ".json", "/index.ts"];

interface Finding {
  file: string;
  line: number;
  text: string;
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < index; i = text.indexOf("\n", i + 1)) line++;
  return line;
}

/** Whether a climbing reference to a `shared` folder in `file` resolves to something inside the repository. */
function resolvesInside(file: string, ref: string, tracked: Set<string>, trackedDirs: Set<string>): boolean {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), ref));
  if (target.startsWith("../") || target === "..") return false;
  return MODULE_SUFFIXES.some((suffix) => tracked.has(target + suffix)) || trackedDirs.has(target);
}

function findOutsideCitations(file: string, text: string, tracked: Set<string>, trackedDirs: Set<string>): Finding[] {
  const found = new Map<number, Finding>();
  const add = (index: number, match: string) => {
    if (!found.has(index)) found.set(index, { file, line: lineOf(text, index), text: match });
  };
  for (const re of [DOC_NAME, DOC_FILE, SHARED_SPEC]) {
    for (const m of text.matchAll(re)) add(m.index, m[0]);
  }
  for (const m of text.matchAll(SHARED_PATH)) {
    if (!resolvesInside(file, m[0], tracked, trackedDirs)) add(m.index, m[0]);
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

function trackedFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return out.split("\0").filter((f) => f && !f.split("/").includes("node_modules"));
}

function dirsOf(files: Iterable<string>): Set<string> {
  const dirs = new Set<string>();
  for (const f of files) for (let d = path.posix.dirname(f); d !== "."; d = path.posix.dirname(d)) dirs.add(d);
  return dirs;
}

describe("the repository cites only itself", () => {
  it("recognises every form of an outside citation, and leaves in-repository paths alone", () => {
    const tracked = new Set(["packages/core/src/shared/dates.ts", "packages/core/src/dates/iso.ts"]);
    const dirs = dirsOf(tracked);
    const file = "packages/core/src/dates/iso.ts";
    const cite = (text: string) => findOutsideCitations(file, text, tracked, dirs).map((f) => f.text);
    for (const name of OUTSIDE_DOCS) {
      expect(cite(`// as ${name}.md "Limits" says`)).not.toEqual([]);
      expect(cite(`// as ${name.toLowerCase()}.md says`)).not.toEqual([]);
      expect(cite(`/** ${name} "Import result" */`)).not.toEqual([]);
    }
    const up = "../" + "../";
    expect(cite(`see ${up}${"sha" + "red"}/notes.md`)).toEqual([`${up}${"sha" + "red"}/notes.md`]);
    expect(cite(`see /work/${"sha" + "red"}/${"sp" + "ec"}/x.md`)).not.toEqual([]);
    expect(cite(`import { iso } from "../${"sha" + "red"}/dates";`)).toEqual([]);
    expect(cite("// a spectrum of decisions, nothing cited")).toEqual([]);
  });

  it("no tracked file mentions a document outside the repository", () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const tracked = new Set(files);
    const dirs = dirsOf(files);
    const findings: Finding[] = [];
    for (const file of files) {
      const full = path.join(root, file);
      if (!existsSync(full) || !statSync(full).isFile()) continue;
      // latin1 keeps every byte as one character: the patterns are ASCII, binary files cannot break it.
      findings.push(...findOutsideCitations(file, readFileSync(full, "latin1"), tracked, dirs));
    }
    expect(findings.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });
});
