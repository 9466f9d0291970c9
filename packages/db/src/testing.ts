// Fresh, isolated databases for tests: an in-memory PGlite, or (TEST_DB_BACKEND=postgres) a new
// database on the TEST_DATABASE_URL server cloned from a migrated template.
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { type CreateDbOptions, createDb, type Database } from "./create-db";

export type TestBackend = "pglite" | "postgres";

export function testBackend(): TestBackend {
  return process.env.TEST_DB_BACKEND === "postgres" ? "postgres" : "pglite";
}

// One template per checkout, so test runs of two clones on one server never drop each other's.
const TEMPLATE = `locale_test_template_${createHash("sha1").update(process.cwd()).digest("hex").slice(0, 10)}`;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates (once per test run, from vitest's globalSetup) the migrated template database. */
export async function preparePostgresTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  await admin(url, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${TEMPLATE}`);
  });
  const db = await createDb(withDatabase(url, TEMPLATE));
  await db.close();
}

export async function createTestDb(options: CreateDbOptions = {}): Promise<Database> {
  if (testBackend() === "pglite") return createDb("memory://", options);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB_BACKEND=postgres needs TEST_DATABASE_URL");
  const name = `locale_test_${randomBytes(6).toString("hex")}`;
  await admin(url, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE} STRATEGY FILE_COPY`));
  const db = await createDb(withDatabase(url, name), { ...options, migrate: false });
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await admin(url, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => {});
  };
  return db;
}
