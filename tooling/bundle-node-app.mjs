#!/usr/bin/env node
// Compiles a Node entry point (the api server, the worker) to one ES module that plain `node` runs.
// The workspace packages (@locale/*) export TypeScript sources, so they are compiled into the
// bundle; everything from node_modules stays external. Two rewrites keep the bundle behaving like
// the sources it came from:
// - an external import is resolved from the workspace package that wrote it (pnpm gives each
//   package only its own dependencies) and written as a path relative to the bundle;
// - `import.meta.url` in a workspace module means that module's own file (Prisma's migrations
//   directory, the schema engine's .wasm, the web application's dist are found relative to it).
// The bundle therefore runs from inside this checkout (after `pnpm install`), which is how the
// start command uses it. A bundle that includes core's parse-off-loop.ts gets a second one beside
// it, `parse-worker.js`, the body of the worker threads that parse large uploads.
//
// Usage: node bundle-node-app.mjs <entry.ts> <out.js>   (paths relative to the current directory)
import { readFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) {
  console.error("usage: node bundle-node-app.mjs <entry.ts> <out.js>");
  process.exit(2);
}
const outDir = path.resolve(path.dirname(outfile));
const BUILTINS = new Set(builtinModules);
const isBare = (p) => !p.startsWith(".") && !path.isAbsolute(p);
const isBuiltin = (p) => p.startsWith("node:") || BUILTINS.has(p.split("/")[0]);
const isWorkspace = (p) => p.startsWith("@locale/");
const relativeToBundle = (file) => {
  const rel = path.relative(outDir, file).split(path.sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
};

/** @type {import("esbuild").Plugin} */
const nodeModulesFromTheirImporter = {
  name: "node-modules-from-their-importer",
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.resolving || !isBare(args.path) || isWorkspace(args.path)) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { resolving: true },
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: relativeToBundle(resolved.path), external: true };
    });
  },
};

/** @type {import("esbuild").Plugin} */
const importMetaUrlOfTheSource = {
  name: "import-meta-url-of-the-source",
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const own = `new URL(${JSON.stringify(relativeToBundle(args.path))}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", own), loader: "ts" };
    });
  },
};

const PARSE_HOST = path.join("packages", "core", "src", "import-export", "parse-off-loop.ts");

/** @param {string} entryPoint @param {string} out */
const bundle = (entryPoint, out) =>
  build({
    entryPoints: [entryPoint],
    outfile: out,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    // Resolve as Node does: `main` (never the bundler-only `module` field) and Node's conditions, so
    // a package such as graphql is loaded as the same file by the bundle and by its dependents.
    mainFields: ["main"],
    conditions: ["node"],
    // Stack traces point at the TypeScript sources, which sit in the checkout beside the bundle;
    // without their text embedded the map is a fraction of the size node keeps in memory.
    sourcemap: "linked",
    sourcesContent: false,
    logLevel: "warning",
    metafile: true,
    plugins: [nodeModulesFromTheirImporter, importMetaUrlOfTheSource],
    // `import.meta.url` of a workspace module means its source file (above), so the bundle tells
    // the code where it runs from: the parse worker is found beside it (core's parse-off-loop.ts).
    banner: {
      js: `// Built from ${pathToFileURL(path.resolve(entryPoint)).pathname.split("/").slice(-3).join("/")}; do not edit.\nglobalThis.__localeBundleUrl = import.meta.url;`,
    },
  });

const result = await bundle(entry, outfile);
// A bundle that parses uploads off the event loop gets the worker thread's own bundle beside it.
const parseHost = Object.keys(result.metafile.inputs)
  .map((input) => path.resolve(input))
  .find((input) => input.endsWith(PARSE_HOST));
if (parseHost) await bundle(path.join(path.dirname(parseHost), "parse-worker.ts"), path.join(outDir, "parse-worker.js"));
