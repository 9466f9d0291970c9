// Benchmark of a TM-only pre-translation (docs/pretranslation.md) on PostgreSQL (TEST_DATABASE_URL):
// KEYS untranslated keys, a tenth with a context match (the same key translated in another project),
// six tenths whose source is stored in the memory (100 %), the rest without a match (skipped). The
// job is started through the API (POST /api/projects/:id/pretranslate, minSimilarity 100) and run by
// an in-process worker; its time is from the request to the job's `completed` status. Target: 100,000
// keys in at most 60 s.
// Floor, in the same run: the same rows (job, items, values, history, activity, TM usage counts,
// progress events, counters) written by one plain SQL script for an identical second project.
//   TEST_DATABASE_URL=… KEYS=100000 pnpm --filter @locale/api run bench:pretranslate
// ENTRIES sets the memory's size (default 2 × KEYS); the database is created and dropped per run.
import { randomBytes } from "node:crypto";
import type http from "node:http";
import { loadavg } from "node:os";
import { createDb, type Database } from "@locale/db";
import { startWorker } from "@locale/worker";
import { loadConfig } from "../src/config";
import { createLogger } from "../src/logger";
import { coreConfigOf, createApp, listen } from "../src/server";

const KEYS = Number(process.env.KEYS ?? 100_000);
const ENTRIES = Number(process.env.ENTRIES ?? 2 * KEYS);
const TARGET_S = 60;
const SLICE = 20_000;

let seed = 2930;
function rnd(n: number): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
}
const letters = "abcdefghijklmnopqrstuvwxyz";
const WORDS = Array.from({ length: 5000 }, (_, rank) =>
  Array.from({ length: 2 + Math.floor(Math.log10(rank + 1) * 1.7) + rnd(3) }, () => letters[rnd(26)]).join(""),
);
const word = () => WORDS[Math.min(WORDS.length - 1, Math.floor(WORDS.length ** (rnd(10_000) / 10_000)) - 1)]!;
/** Unique by construction (the index ends it), so every key is its own text. */
const sentence = (i: number) => `${Array.from({ length: 3 + rnd(8) }, word).join(" ")} ${i}`;

type Kind = "context" | "exact" | "none";
const kindOf = (i: number): Kind => (i % 10 === 0 ? "context" : i % 10 <= 6 ? "exact" : "none");

async function seedTm(db: Database, organizationId: string, texts: string[]): Promise<void> {
  const stored = texts.filter((_, i) => kindOf(i) !== "none");
  const filler = Array.from({ length: Math.max(0, ENTRIES - stored.length) }, (_, i) => sentence(KEYS + i));
  const all = [...stored, ...filler];
  for (let from = 0; from < all.length; from += SLICE) {
    await db.query(
      `INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
       SELECT uuid_v7(), $1, 'en', 'de', s, 'de: ' || s, lower(regexp_replace(s, '\\s+', ' ', 'g')), encode(sha256(convert_to(s, 'UTF8') || '\\x00'::bytea || convert_to('de: ' || s, 'UTF8')), 'hex'), 1, now(), now()
       FROM unnest($2::text[]) AS t(s)`,
      [organizationId, all.slice(from, from + SLICE)],
    );
  }
  await db.query(`ANALYZE "TmEntry"`);
}

/** Keys k0…k(KEYS-1) with their English sources; `translated` also gives them German values (the context project). */
async function seedKeys(db: Database, projectId: string, texts: string[], translated: boolean): Promise<void> {
  for (let from = 0; from < texts.length; from += SLICE) {
    const slice = texts.slice(from, from + SLICE);
    await db.query(
      `WITH k AS (
         INSERT INTO "Key" ("id", "projectId", "key", "createdAt", "updatedAt")
         SELECT uuid_v7(), $1, 'k' || ($2::int + n - 1), now(), now() FROM unnest($3::text[]) WITH ORDINALITY AS t(s, n)
         RETURNING id, key),
       src AS (SELECT k.id, t.s FROM k JOIN unnest($3::text[]) WITH ORDINALITY AS t(s, n) ON k.key = 'k' || ($2::int + t.n - 1)),
       en AS (
         INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "createdAt", "updatedAt")
         SELECT uuid_v7(), $1, id, 'en', s, 'translated', 'human', now(), now() FROM src RETURNING id)
       INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "createdAt", "updatedAt")
       SELECT uuid_v7(), $1, id, 'de', 'ctx: ' || s, 'translated', 'human', now(), now() FROM src WHERE $4`,
      [projectId, from, slice, translated],
    );
  }
}

async function createProject(db: Database, organizationId: string, name: string): Promise<string> {
  const [p] = await db.query<{ id: string }>(
    `INSERT INTO "Project" ("id", "organizationId", "name", "sourceLanguage", "targetLanguages", "createdAt", "updatedAt")
     VALUES (uuid_v7(), $1, $2, 'en', ARRAY['de'], now(), now()) RETURNING id`,
    [organizationId, name],
  );
  return p!.id;
}

/**
 * The floor: what the job writes, as set-based SQL in one transaction. Context match as
 * findContextMatches picks it, else the identical stored source with the highest usageCount, newest,
 * then smallest id (the TM search's order); every item gets its status and its progress event.
 */
async function floorScript(db: Database, organizationId: string, projectId: string): Promise<number> {
  const start = performance.now();
  await db.prisma.$transaction(
    async (tx) => {
      const q = <T = unknown>(sql: string, params: unknown[]) => tx.$queryRawUnsafe<T[]>(sql, ...params);
      const [job] = await q<{ id: string }>(
        `INSERT INTO "AiJob" ("id", "organizationId", "projectId", "sourceLanguage", "targetLanguage", "kind", "model", "options", "status", "total", "startedAt", "createdAt", "updatedAt")
       SELECT uuid_v7(), $1, $2, 'en', 'de', 'pretranslate', '', '{"minSimilarity":100,"fallback":{"type":"none"}}', 'running', count(*), now(), now(), now()
       FROM "Key" k WHERE k."projectId" = $2 RETURNING id`,
        [organizationId, projectId],
      );
      await q(
        `CREATE TEMP TABLE m ON COMMIT DROP AS
       WITH keys AS (
         SELECT k.id AS "keyId", k.key, k.namespace, s.value AS src, row_number() OVER (ORDER BY k.namespace, k.key) AS pos
         FROM "Key" k JOIN "Translation" s ON s."keyId" = k.id AND s.language = 'en' AND s.value <> ''
         WHERE k."projectId" = '${projectId}'),
       ctx AS (
         SELECT DISTINCT ON (k."keyId") k."keyId", t2.value
         FROM keys k
         JOIN "Project" p2 ON p2."organizationId" = '${organizationId}' AND p2.id <> '${projectId}'
         JOIN "Key" k2 ON k2."projectId" = p2.id AND k2.namespace = k.namespace AND k2.key = k.key
         JOIN "Translation" s2 ON s2."keyId" = k2.id AND s2.language = 'en' AND s2.value = k.src
         JOIN "Translation" t2 ON t2."keyId" = k2.id AND t2.language = 'de' AND t2.status <> 'untranslated' AND t2.value <> ''
         ORDER BY k."keyId", t2."updatedAt" DESC, t2.id),
       tm AS (
         SELECT DISTINCT ON (e."sourceText") e."sourceText", e."targetText"
         FROM "TmEntry" e
         WHERE e."organizationId" = '${organizationId}' AND e."sourceLanguage" = 'en' AND e."targetLanguage" = 'de'
           AND e."sourceText" IN (SELECT src FROM keys)
         ORDER BY e."sourceText", e."usageCount" DESC, e."createdAt" DESC, e.id COLLATE "C")
       SELECT k.*, COALESCE(ctx.value, tm."targetText") AS value,
              CASE WHEN ctx.value IS NOT NULL THEN 'context' WHEN tm."targetText" IS NOT NULL THEN 'exact' END AS origin,
              uuid_v7() AS "translationId"
       FROM keys k LEFT JOIN ctx USING ("keyId") LEFT JOIN tm ON tm."sourceText" = k.src`,
        [],
      );
      await q(
        `INSERT INTO "AiJobItem" ("id", "jobId", "keyId", "position", "status", "translation", "error", "origin", "updatedAt")
       SELECT uuid_v7(), $1, "keyId", pos - 1, CASE WHEN value IS NULL THEN 'skipped' ELSE 'translated' END, value,
              CASE WHEN value IS NULL THEN 'No translation-memory match' END, origin, now() FROM m`,
        [job!.id],
      );
      await q(
        `INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "qaIssues", "createdAt", "updatedAt")
       SELECT "translationId", $1, "keyId", 'de', value, 'translated', 'tm', '[]', now(), now() FROM m WHERE value IS NOT NULL`,
        [projectId],
      );
      await q(
        `INSERT INTO "TranslationHistory" ("id", "translationId", "projectId", "keyId", "language", "previousValue", "newValue", "previousStatus", "newStatus", "changedBy", "changedByName", "source", "createdAt")
       SELECT uuid_v7(), "translationId", $1, "keyId", 'de', NULL, value, 'untranslated', 'translated', 'tm', 'Translation memory', 'tm', now() FROM m WHERE value IS NOT NULL`,
        [projectId],
      );
      await q(
        `INSERT INTO "Activity" ("id", "organizationId", "projectId", "userName", "action", "targetId", "targetType", "metadata", "createdAt")
       SELECT uuid_v7(), $1, $2, 'tm', 'translation.tm_applied', "keyId", 'translation',
              jsonb_build_object('key', key, 'language', 'de', 'match', origin, 'similarity', 100, 'jobId', $3::text), now()
       FROM m WHERE value IS NOT NULL`,
        [organizationId, projectId, job!.id],
      );
      await q(
        `INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
       SELECT uuid_v7(), $1, 'en', 'de', src, value, lower(regexp_replace(src, '\\s+', ' ', 'g')), encode(sha256(convert_to(src, 'UTF8') || '\\x00'::bytea || convert_to(value, 'UTF8')), 'hex'), count(*), now(), now()
       FROM m WHERE value IS NOT NULL GROUP BY src, value
       ON CONFLICT ("organizationId", "sourceLanguage", "targetLanguage", "pairHash")
       DO UPDATE SET "usageCount" = "TmEntry"."usageCount" + EXCLUDED."usageCount", "updatedAt" = now()`,
        [organizationId],
      );
      await q(
        `INSERT INTO "AiJobEvent" ("jobId", event, data)
       SELECT $1, 'progress', jsonb_build_object('jobId', $1::text, 'keyId', "keyId", 'key', key,
              'status', CASE WHEN value IS NULL THEN 'skipped' ELSE 'translated' END, 'translation', value, 'origin', origin,
              'similarity', CASE WHEN value IS NOT NULL THEN 100 END, 'completed', pos, 'failed', 0, 'total', (SELECT count(*) FROM m))
       FROM m ORDER BY pos`,
        [job!.id],
      );
      await q(
        `UPDATE "AiJob" SET status = 'completed', finishedAt = now(),
              translated = (SELECT count(*) FROM m WHERE value IS NOT NULL), skipped = (SELECT count(*) FROM m WHERE value IS NULL)
       WHERE id = $1`.replace("finishedAt", `"finishedAt"`),
        [job!.id],
      );
    },
    { timeout: 600_000 },
  );
  return performance.now() - start;
}

async function main() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("pretranslate: skipped (TEST_DATABASE_URL is not set)");
    return;
  }
  console.log(`Pre-translation (TM only): ${KEYS} keys, a memory of ${ENTRIES} entries`);
  const name = `locale_bench_pretranslate_${randomBytes(4).toString("hex")}`;
  const admin = await createDb(url, { migrate: false });
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await createDb(u.toString());
  const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", WORKER_MODE: "off" });
  const logger = createLogger("silent");
  const { app, deps } = createApp(db, config, logger);
  const { server, url: api } = await listen(app, 0, "127.0.0.1");
  // The worker shares the api's runtime, as the embedded worker does.
  const worker = await startWorker({ db, config: coreConfigOf(config), env: { ...config }, logger, runtime: deps.runtime });
  try {
    const signup = await fetch(`${api}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `bench-${randomBytes(4).toString("hex")}@example.com`, password: "bench-password", name: "Bench" }),
    });
    const cookie = (signup.headers.get("set-cookie") ?? "").split(";")[0]!;
    const orgId = ((await signup.json()) as { organization: { _id: string } }).organization._id;
    const tokenRes = await fetch(`${api}/api/organizations/${orgId}/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: "bench" }),
    });
    const headers = { "content-type": "application/json", "x-api-key": ((await tokenRes.json()) as { token: string }).token };

    let start = performance.now();
    const texts = Array.from({ length: KEYS }, (_, i) => sentence(i));
    await seedTm(db, orgId, texts);
    const contextProject = await createProject(db, orgId, "Context source");
    // Only the context tenth is translated there; the other keys exist there untranslated.
    await seedKeys(
      db,
      contextProject,
      texts.map((t, i) => (kindOf(i) === "context" ? t : "")),
      true,
    );
    await db.query(`DELETE FROM "Translation" WHERE "projectId" = $1 AND (value = '' OR value = 'ctx: ')`, [contextProject]);
    const jobProject = await createProject(db, orgId, "Pre-translated by the job");
    const floorProject = await createProject(db, orgId, "Pre-translated by SQL");
    await seedKeys(db, jobProject, texts, false);
    await seedKeys(db, floorProject, texts, false);
    await db.query(`ANALYZE`);
    console.log(`  seeded in ${((performance.now() - start) / 1000).toFixed(1)} s`);

    const floorMs = await floorScript(db, orgId, floorProject);
    // The floor's values, kept by key; then its project goes, or its values would be context matches for the job.
    const floorValues = new Map(
      (
        await db.query<{ key: string; value: string }>(
          `SELECT k.key, t.value FROM "Key" k JOIN "Translation" t ON t."keyId" = k.id AND t.language = 'de' WHERE k."projectId" = $1`,
          [floorProject],
        )
      ).map((r) => [r.key, r.value]),
    );
    await db.query(`DELETE FROM "Project" WHERE id = $1`, [floorProject]);
    const loadBefore = loadavg()[0]!;
    start = performance.now();
    const res = await fetch(`${api}/api/projects/${jobProject}/pretranslate`, {
      method: "POST",
      headers,
      body: JSON.stringify({ targetLanguages: ["de"] }),
    });
    if (res.status !== 201) throw new Error(`pretranslate: ${res.status} ${await res.text()}`);
    const { jobs } = (await res.json()) as { jobs: { jobId: string; total: number }[] };
    const jobId = jobs[0]!.jobId;
    const startedMs = performance.now() - start;
    let job: { status: string; translated: number; skipped: number; failed: number } | undefined;
    for (;;) {
      [job] = await db.query<{ status: string; translated: number; skipped: number; failed: number }>(
        `SELECT status, translated, skipped, failed FROM "AiJob" WHERE id = $1`,
        [jobId],
      );
      if (job && !["queued", "running"].includes(job.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const jobMs = performance.now() - start;
    const loadAfter = loadavg()[0]!;

    // The job wrote what the floor wrote: the same values for the same keys.
    const jobValues = await db.query<{ key: string; value: string }>(
      `SELECT k.key, t.value FROM "Key" k JOIN "Translation" t ON t."keyId" = k.id AND t.language = 'de' WHERE k."projectId" = $1`,
      [jobProject],
    );
    const [{ events }] = (await db.query<{ events: number }>(
      `SELECT count(*)::int AS events FROM "AiJobEvent" WHERE "jobId" = $1 AND event = 'progress'`,
      [jobId],
    )) as [{ events: number }];
    const differ = jobValues.filter((r) => floorValues.get(r.key) !== r.value).length + Math.abs(floorValues.size - jobValues.length);
    const cmp = { job: jobValues.length, floor: floorValues.size, differ, events };
    const expected = texts.filter((_, i) => kindOf(i) !== "none").length;
    console.log(
      `  job: ${(jobMs / 1000).toFixed(2)} s (start request ${startedMs.toFixed(0)} ms; ${job!.status}, ${job!.translated} translated, ${job!.skipped} skipped, ${job!.failed} failed; ${cmp.events} progress events; load ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)})`,
    );
    console.log(
      `  floor (one SQL transaction writing the same rows): ${(floorMs / 1000).toFixed(2)} s; job / floor ${(jobMs / floorMs).toFixed(1)}×`,
    );
    console.log(`  values: job ${cmp.job}, floor ${cmp.floor}, expected ${expected}, keys whose value differs ${cmp.differ}`);
    const same = cmp.job === expected && cmp.floor === expected && cmp.differ === 0 && job!.status === "completed";
    const ok = same && jobMs / 1000 <= TARGET_S;
    console.log(
      `pretranslate ${(jobMs / 1000).toFixed(2)} s: ${ok ? "OK" : "NOT MET"} (≤ ${TARGET_S} s at 100,000 keys, same rows as the floor)`,
    );
    if (!same) process.exitCode = 1;
  } finally {
    await worker.stop();
    await new Promise<void>((resolve) => (server as http.Server).close(() => resolve()));
    (server as http.Server).closeAllConnections?.();
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}

await main();
