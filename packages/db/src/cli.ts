// `pnpm db:migrate` and `pnpm db:migration <name>` without Prisma's native engine.
import { createDb, createMigration } from "./index";

const [command, name] = process.argv.slice(2);
const url = process.env.DATABASE_URL;

if (command === "migrate") {
  const db = await createDb(url, { migrate: false });
  const { applyMigrations } = await import("./migrations");
  const applied = await applyMigrations(db.migrationFactory);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  await db.close();
} else if (command === "migration" && name) {
  // The migration history is replayed on a throwaway shadow database; embedded by default.
  const db = await createDb(url ?? "memory://", { migrate: false });
  const created = await createMigration(db.migrationFactory, name);
  console.log(created ? `Created prisma/migrations/${created}` : "No schema changes: nothing to create.");
  await db.close();
} else {
  console.error("usage: cli.ts migrate | migration <name>");
  process.exit(2);
}
