// Compiles the native TM engine (src/engine.c) with the system C compiler against the Node-API
// headers that ship with this Node (no node-gyp: it would download headers, and only the npm
// registry is reachable). When the compiler or the headers are missing, or compilation fails, it
// prints one line and exits 0: the service then uses the database search. TM_ENGINE_REQUIRED=1
// turns that into a failure (the test suite sets it). Skips the compiler when build/ already holds
// the output of the same source, flags and compiler.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "src", "engine.c");
const outDir = path.join(root, "build");
const output = path.join(outDir, "tm_engine.node");
const stamp = path.join(outDir, "tm_engine.stamp");
const required = process.env.TM_ENGINE_REQUIRED === "1";
const force = process.argv.includes("--force");

function giveUp(reason) {
  // an addon left from an earlier source must not load as if this one had been built
  rmSync(output, { force: true });
  rmSync(stamp, { force: true });
  const line = `tm-engine: the native TM engine is not built (${reason}); the service will use the database search.`;
  if (required) {
    console.error(`${line} TM_ENGINE_REQUIRED=1: failing.`);
    process.exit(1);
  }
  console.warn(line);
  process.exit(0);
}

const includeDir = path.resolve(path.dirname(process.execPath), "../include/node");
if (!existsSync(path.join(includeDir, "node_api.h"))) giveUp(`no node_api.h in ${includeDir}`);

const cc = process.env.CC || "cc";
const version = spawnSync(cc, ["--version"], { encoding: "utf8" });
if (version.error || version.status !== 0) giveUp(`no C compiler "${cc}"`);

const flags = ["-O2", "-std=c11", "-Wall", "-Wextra", "-shared", "-fPIC", "-pthread", `-I${includeDir}`];
// napi_* symbols resolve from the node binary when the addon loads
if (process.platform === "darwin") flags.push("-undefined", "dynamic_lookup");

const key = createHash("sha256")
  .update(readFileSync(source))
  .update(JSON.stringify([cc, flags, version.stdout]))
  .digest("hex");
if (!force && existsSync(output) && existsSync(stamp) && readFileSync(stamp, "utf8") === key) process.exit(0);

mkdirSync(outDir, { recursive: true });
const temporary = `${output}.${process.pid}.tmp`; // renamed into place: a loader never sees half a file
const result = spawnSync(cc, [...flags, source, "-o", temporary], { encoding: "utf8" });
if (result.error || result.status !== 0) {
  rmSync(temporary, { force: true });
  if (result.stderr) process.stderr.write(result.stderr);
  giveUp(`${cc} failed`);
}
if (result.stderr) process.stderr.write(result.stderr); // warnings
renameSync(temporary, output);
writeFileSync(stamp, key);
console.log(`tm-engine: built ${path.relative(process.cwd(), output)}`);
