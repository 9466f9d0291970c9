export { sqlLiteral } from "./copy-lines";
export type { CreateDbOptions, Database, DbKind } from "./create-db";
export { APPLICATION_NAME, createDb, isPostgresUrl, resolveDataDir } from "./create-db";
export * from "./generated/prisma/client";
export { applyMigrations, createMigration, diffMigrationsAgainstSchema, everyMigrationApplied } from "./migrations";
export type { SnapshotReader } from "./read-snapshot";
export { createTestDb, preparePostgresTemplate, testBackend } from "./testing";
export type { SqlTransaction } from "./write-transaction";
