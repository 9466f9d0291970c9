// Runs Prisma's schema engine as WebAssembly, so migrations need no native binary download.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

const require = createRequire(import.meta.url);

type WasmGlue = {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
  SchemaEngine: { new: (options: unknown, log: (msg: string) => void, adapter: object) => Promise<SchemaEngine> };
};

let gluePromise: Promise<WasmGlue> | undefined;

async function loadGlue(): Promise<WasmGlue> {
  const glue = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as WasmGlue;
  const wasmPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg").replace(/\.js$/, ".wasm");
  const module = await WebAssembly.compile(await readFile(wasmPath));
  const instance = await WebAssembly.instantiate(module, { "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as unknown as { __wbindgen_start: () => void }).__wbindgen_start();
  return glue;
}

export async function openSchemaEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  schema: { path: string; content: string },
): Promise<SchemaEngine> {
  gluePromise ??= loadGlue();
  const glue = await gluePromise;
  const log = (msg: string) => {
    if (process.env.DEBUG_SCHEMA_ENGINE) console.error(msg);
  };
  return glue.SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, log, bindMigrationAwareSqlAdapterFactory(factory));
}
