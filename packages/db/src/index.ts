export { createDb, isPostgresUrl, resolveDataDir } from "./create-db";
export type { Database, DbKind, CreateDbOptions } from "./create-db";
export { applyMigrations, createMigration, diffMigrationsAgainstSchema } from "./migrations";
export * from "./generated/prisma/client";
export { createTestDb, testBackend, preparePostgresTemplate } from "./testing";
