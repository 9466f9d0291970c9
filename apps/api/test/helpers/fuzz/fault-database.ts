// A database that outlives a server process, for the crash tests: embedded PGlite in a data
// directory on disk, or a fresh database on the TEST_DATABASE_URL server (TEST_DB_BACKEND says
// which, as for every database suite). The server process migrates it on its first start.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDb, testBackend } from "@locale/db";

export interface FaultDatabase {
  /** Environment that points a server process at this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function onServer(url: string, sql: string): Promise<void> {
  const admin = await createDb(url, { migrate: false, poolSize: 1 });
  try {
    await admin.query(sql);
  } finally {
    await admin.close();
  }
}

export async function createFaultDatabase(): Promise<FaultDatabase> {
  if (testBackend() === "pglite") {
    const dir = await mkdtemp(path.join(os.tmpdir(), "locale-fault-"));
    return { env: { DATA_DIR: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DB_BACKEND=postgres needs TEST_DATABASE_URL");
  const name = `locale_fault_${randomBytes(6).toString("hex")}`;
  await onServer(base, `CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => onServer(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
