// Applies and creates migrations in the standard prisma/migrations/<name>/migration.sql layout
// (with the _prisma_migrations table), so `prisma migrate deploy` works wherever the native engine does.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import { MIGRATIONS_DIR, SCHEMA_PATH } from "./paths";
import { openSchemaEngine } from "./schema-engine";

const NO_FILTERS = { externalTables: [], externalEnums: [] };

export async function loadMigrationList(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const dirs = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    dirs.map(async (name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok" as const, value: await readFile(path.join(dir, name, "migration.sql"), "utf8") },
      },
    })),
  );
  const lockPath = path.join(dir, "migration_lock.toml");
  const lockContent = await readFile(lockPath, "utf8").catch(() => null);
  return {
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

async function readSchema() {
  return { path: SCHEMA_PATH, content: await readFile(SCHEMA_PATH, "utf8") };
}

type RawQuery = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * True when the database already holds every migration of the directory, each finished, none
 * rolled back or failed, with the checksum Prisma recorded (sha256 of the file). Start-up then
 * skips the schema engine, which costs 0.7–2 s even when it has nothing to do. Anything else
 * (a new migration, a failed one, an edited file, no history table) goes to the engine, which
 * applies, refuses or reports as before.
 */
export async function everyMigrationApplied(query: RawQuery, dir = MIGRATIONS_DIR): Promise<boolean> {
  const [table] = await query<{ name: string | null }>("SELECT to_regclass('_prisma_migrations')::text AS name");
  if (!table?.name) return false;
  const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null }>(
    "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations",
  );
  if (rows.some((r) => r.finished_at === null && r.rolled_back_at === null)) return false;
  const applied = new Map(
    rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => [r.migration_name, r.checksum]),
  );
  const { migrationDirectories } = await loadMigrationList(dir);
  return migrationDirectories.every((m) => {
    const content = m.migrationFile.content;
    if (content.tag !== "ok") return false;
    return applied.get(m.path) === createHash("sha256").update(content.value).digest("hex");
  });
}

/** Applies every migration not yet applied; returns the names it applied. */
export async function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const engine = await openSchemaEngine(factory, await readSchema());
  try {
    const out = await engine.applyMigrations({ migrationsList: await loadMigrationList(), filters: NO_FILTERS });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/**
 * The SQL that brings a database holding the whole migration history up to schema.prisma; "" when
 * they agree. The history is replayed on the given (throwaway) database, then the engine diffs that
 * live database against the datamodel; this needs no shadow database.
 */
export async function diffMigrationsAgainstSchema(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  const schema = await readSchema();
  const engine = await openSchemaEngine(factory, schema);
  try {
    await engine.applyMigrations({ migrationsList: await loadMigrationList(), filters: NO_FILTERS });
    const out = await engine.diff({
      from: { tag: "schemaDatasource", files: [schema], configDir: path.dirname(schema.path) },
      to: { tag: "schemaDatamodel", files: [schema] },
      script: true,
      exitCode: null,
      filters: NO_FILTERS,
    });
    return (out.stdout ?? "").replace(/^-- This is an empty migration\.\s*$/m, "").trim();
  } finally {
    engine.free();
  }
}

/** Writes the next migration (migration history vs schema.prisma); null when nothing changed. */
export async function createMigration(factory: SqlMigrationAwareDriverAdapterFactory, name: string): Promise<string | null> {
  const script = await diffMigrationsAgainstSchema(factory);
  if (!script) return null;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const dirName = `${stamp}_${name.replace(/[^A-Za-z0-9_]+/g, "_")}`;
  const dir = path.join(MIGRATIONS_DIR, dirName);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, "migration.sql"), `${script}\n`);
  await writeFile(
    path.join(MIGRATIONS_DIR, "migration_lock.toml"),
    '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
  );
  return dirName;
}
