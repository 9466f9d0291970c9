// Compiles the memory-release addon (src/release-memory.cc) with the system C++ compiler against
// the Node-API and V8 headers that ship with this node (no node-gyp: it would download headers).
// When the compiler or the headers are missing, or compilation fails, it prints one line and exits
// 0: the api and the worker then start without releasing start-up memory (they hold more at rest,
// nothing else changes). RUNTIME_ADDON_REQUIRED=1 turns that into a failure (the tests set it).
// Skips the compiler when build/ already holds the output of the same source, flags and compiler.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "src", "release-memory.cc");
const outDir = path.join(root, "build");
const output = path.join(outDir, "release_memory.node");
const stamp = path.join(outDir, "release_memory.stamp");
const required = process.env.RUNTIME_ADDON_REQUIRED === "1";

function giveUp(reason) {
  // an addon built for another node or source must not load as if this one had been built
  rmSync(output, { force: true });
  rmSync(stamp, { force: true });
  const line = `runtime: the memory-release addon is not built (${reason}); the api and the worker will hold more memory at rest.`;
  if (required) {
    console.error(`${line} RUNTIME_ADDON_REQUIRED=1: failing.`);
    process.exit(1);
  }
  console.warn(line);
  process.exit(0);
}

const includeDir = path.resolve(path.dirname(process.execPath), "../include/node");
for (const header of ["node_api.h", "v8.h"]) if (!existsSync(path.join(includeDir, header))) giveUp(`no ${header} in ${includeDir}`);

const cxx = process.env.CXX || "c++";
const version = spawnSync(cxx, ["--version"], { encoding: "utf8" });
if (version.error || version.status !== 0) giveUp(`no C++ compiler "${cxx}"`);

// -isystem: the warnings -Wextra finds in the V8 headers themselves are not ours to fix
const flags = ["-O2", "-std=c++17", "-Wall", "-Wextra", "-shared", "-fPIC", "-isystem", includeDir];
// napi_* and v8:: symbols resolve from the node binary when the addon loads
if (process.platform === "darwin") flags.push("-undefined", "dynamic_lookup");

// The V8 call is bound to this node's ABI: a different node rebuilds (process.version in the key).
const key = createHash("sha256")
  .update(readFileSync(source))
  .update(JSON.stringify([cxx, flags, version.stdout, process.version]))
  .digest("hex");
if (existsSync(output) && existsSync(stamp) && readFileSync(stamp, "utf8") === key) process.exit(0);

mkdirSync(outDir, { recursive: true });
const temporary = `${output}.${process.pid}.tmp`; // renamed into place: a loader never sees half a file
const result = spawnSync(cxx, [...flags, source, "-o", temporary], { encoding: "utf8" });
if (result.error || result.status !== 0) {
  rmSync(temporary, { force: true });
  if (result.stderr) process.stderr.write(result.stderr);
  giveUp(`${cxx} failed`);
}
if (result.stderr) process.stderr.write(result.stderr); // warnings
renameSync(temporary, output);
writeFileSync(stamp, key);
console.log(`runtime: built ${path.relative(process.cwd(), output)}`);
