// `pnpm fuzz` (or `pnpm --filter @locale/api run fuzz -- --requests 20000`): the long run of the
// fuzzer (REST, tRPC and GraphQL), on embedded PGlite and (when TEST_DATABASE_URL or
// FUZZ_DATABASE_URL names a PostgreSQL server) on a fresh PostgreSQL database, printing the figures
// RELIABILITY.md records. Options, as flags or environment: --requests / FUZZ_REQUESTS (default
// 20000 per database), --seed / FUZZ_SEED, --databases / FUZZ_DATABASES (comma list of
// pglite,postgres), --surfaces / FUZZ_SURFACES (comma list of rest,trpc,graphql; default all
// three). Exits 1 when anything was found.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { createDb, type Database } from "@locale/db";
import { formatFigures, formatFindings, runFuzz } from "../test/helpers/fuzz/fuzz-run";
import { startFuzzServer } from "../test/helpers/fuzz/fuzz-server";
import type { Surface } from "../test/helpers/fuzz/transport-checks";
import { startWebhookReceiver } from "../test/helpers/webhook-receiver";

const { values: flags } = parseArgs({
  // pnpm passes the `--` that separates its own options from the script's.
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    requests: { type: "string" },
    seed: { type: "string" },
    databases: { type: "string" },
    surfaces: { type: "string" },
  },
});
const requests = Number(flags.requests ?? process.env.FUZZ_REQUESTS ?? 20_000);
const seed = Number(flags.seed ?? process.env.FUZZ_SEED ?? 20261124);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  throw new Error("--requests and --seed take whole numbers");
}
const postgresUrl = process.env.FUZZ_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const databases = (flags.databases ?? process.env.FUZZ_DATABASES ?? (postgresUrl ? "pglite,postgres" : "pglite")).split(",");
const surfaces = (flags.surfaces ?? process.env.FUZZ_SURFACES ?? "rest,trpc,graphql").split(",") as Surface[];

async function openDatabase(kind: string): Promise<{ db: Database; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const db = await createDb("memory://");
    return { db, drop: () => db.close() };
  }
  if (!postgresUrl) throw new Error("postgres needs FUZZ_DATABASE_URL or TEST_DATABASE_URL");
  const name = `locale_fuzz_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const server = await createDb(postgresUrl, { migrate: false, poolSize: 1 });
    await server.query(sql).finally(() => server.close());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const db = await createDb(url.toString());
  return {
    db,
    drop: async () => {
      await db.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

let found = 0;
for (const database of databases) {
  const { db, drop } = await openDatabase(database);
  const receiver = await startWebhookReceiver();
  const server = await startFuzzServer(db);
  try {
    const { figures, findings } = await runFuzz(server, {
      seed,
      requests,
      database,
      webhookUrl: receiver.url,
      surfaces,
      onProgress: (sent, f) =>
        console.log(
          `  ${database} (${surfaces.join(", ")}): ${sent} sent, 5xx ${f.fiveXx}, hangs ${f.hangs}, bad bodies ${f.badBodies}, leaks ${f.leaks}, changes ${f.unexplainedChanges}`,
        ),
    });
    console.log(formatFigures(figures));
    if (findings.length) console.log(formatFindings(findings));
    found += findings.length;
  } finally {
    await server.close();
    await receiver.close();
    await drop();
  }
}
process.exit(found ? 1 : 0);
