// Benchmark of bulk find and replace: 100,000 values (one language of 100,000 keys, each with a
// match) previewed and applied with history on PostgreSQL (TEST_DATABASE_URL) through the core
// services, target ≤ 10 s for the apply. A floor is measured in the same run on a twin project:
// the same 100,000 value updates and history rows by two plain set-based statements, with the
// new values computed by JavaScript's own String.replaceAll — the least any implementation does.
//   TEST_DATABASE_URL=postgres://... pnpm --filter @locale/api run bench:bulk-edit   (KEYS=100000)
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { createCoreRuntime, DEFAULT_CORE_CONFIG, type ServiceContext } from "@locale/core";
import { applyBulkEdit, previewBulkEdit } from "@locale/core/bulk-edits";
import { createDb, type Database } from "@locale/db";

// This script is its own composition root: one runtime for the whole run.
const runtime = createCoreRuntime();
const KEYS = Number(process.env.KEYS ?? 100_000);
const TARGET_MS = 10_000;

async function seed(db: Database, orgId: string, name: string): Promise<string> {
  const [project] = await db.query<{ id: string }>(
    `INSERT INTO "Project" ("id", "organizationId", "name", "sourceLanguage", "targetLanguages", "updatedAt")
     VALUES (uuid_v7(), $1, $2, 'en', ARRAY['de'], now()) RETURNING id`,
    [orgId, name],
  );
  const projectId = project!.id;
  await db.query(
    `INSERT INTO "Key" ("id", "projectId", "namespace", "key", "updatedAt")
     SELECT uuid_v7(), $1, 'section' || lpad((g / 1000)::text, 3, '0'), 'key.' || lpad(g::text, 6, '0'), now()
       FROM generate_series(1, $2::int) g`,
    [projectId, KEYS],
  );
  for (const [language, text] of [
    ["en", "Welcome to Acme, item "],
    ["de", "Willkommen bei Acme, Eintrag "],
  ] as const) {
    await db.query(
      `INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "updatedAt")
       SELECT uuid_v7(), $1, k.id, $2, $3 || k.key || ' (Acme)', 'translated', 'human', now()
         FROM "Key" k WHERE k."projectId" = $1`,
      [projectId, language, text],
    );
  }
  await db.query(`ANALYZE "Key"`);
  await db.query(`ANALYZE "Translation"`);
  return projectId;
}

async function floor(db: Database, projectId: string): Promise<number> {
  const start = performance.now();
  await db.prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRawUnsafe<{ id: string; keyId: string; value: string; status: string }[]>(
      `SELECT id, "keyId", value, status::text FROM "Translation" WHERE "projectId" = $1 AND language = 'de' FOR UPDATE`,
      projectId,
    );
    const next = rows.map((r) => r.value.replaceAll("Acme", "Acme Cloud"));
    const at = new Date().toISOString();
    await tx.$executeRawUnsafe(
      `UPDATE "Translation" t SET value = u.value, "updatedAt" = $3::timestamptz FROM unnest($1::text[], $2::text[]) AS u(id, value) WHERE t.id = u.id`,
      rows.map((r) => r.id),
      next,
      at,
    );
    await tx.$executeRawUnsafe(
      `INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue",
                                         "previousStatus", "newStatus", "changedBy", "source", "createdAt")
       SELECT uuid_v7(), h.tid, $1, h."keyId", 'de', h.prev, h.next, 'translated', 'translated', 'bench', 'bulk', $6::timestamptz
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS h(tid, "keyId", prev, next)`,
      projectId,
      rows.map((r) => r.id),
      rows.map((r) => r.keyId),
      rows.map((r) => r.value),
      next,
      at,
    );
  });
  return performance.now() - start;
}

async function main() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("bulk edit bench: skipped (TEST_DATABASE_URL is not set)");
    return;
  }
  const name = `locale_bench_${randomBytes(4).toString("hex")}`;
  const admin = await createDb(url, { migrate: false });
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await createDb(u.toString());
  try {
    const [org] = await db.query<{ id: string }>(
      `INSERT INTO "Organization" ("id", "name", "slug", "updatedAt") VALUES (uuid_v7(), 'Bench', $1, now()) RETURNING id`,
      [`bench-${randomBytes(4).toString("hex")}`],
    );
    const orgId = org!.id;
    const seedStart = performance.now();
    const projectId = await seed(db, orgId, "Bulk bench");
    const floorProject = await seed(db, orgId, "Bulk floor");
    console.log(`seeded 2 × ${KEYS} keys (en + de) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    const ctx: ServiceContext = {
      db,
      config: DEFAULT_CORE_CONFIG,
      runtime,
      actor: { userId: "bench", userName: "Bench", organizationId: orgId, role: "owner", via: "session", scopes: null },
    };
    const input = {
      selection: { filter: {} },
      operation: { type: "replace" as const, languages: ["de"], find: "Acme", replace: "Acme Cloud", wholeWord: true },
    };
    const load0 = loadavg()[0]!;
    const p0 = performance.now();
    const preview = await previewBulkEdit(ctx, projectId, input);
    const previewMs = performance.now() - p0;
    const a0 = performance.now();
    const result = await applyBulkEdit(ctx, projectId, { ...input, token: preview.token });
    const applyMs = performance.now() - a0;
    const floorMs = await floor(db, floorProject);
    const load1 = loadavg()[0]!;
    const [history] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "TranslationHistory" WHERE "projectId" = $1`, [
      projectId,
    ]);
    const [changed] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Translation" WHERE "projectId" = $1 AND language = 'de' AND value LIKE '%Acme Cloud, Eintrag%(Acme Cloud)'`,
      [projectId],
    );
    if (preview.values !== KEYS || result.values !== KEYS || history!.n !== KEYS || changed!.n !== KEYS) {
      throw new Error(`wrong result: preview ${preview.values}, applied ${result.values}, history ${history!.n}, changed ${changed!.n}`);
    }
    console.log(
      JSON.stringify(
        {
          values: KEYS,
          matchesReplaced: preview.languages[0]!.matches,
          previewMs: Math.round(previewMs),
          applyMs: Math.round(applyMs),
          floorMs: Math.round(floorMs),
          applyOverFloor: Number((applyMs / floorMs).toFixed(2)),
          targetMs: TARGET_MS,
          pass: applyMs <= TARGET_MS,
          load: [Number(load0.toFixed(2)), Number(load1.toFixed(2))],
        },
        null,
        2,
      ),
    );
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

await main();
