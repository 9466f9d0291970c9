// What the quality gate adds to a single save: `PUT …/keys/{keyId}/translations/de` with every
// check on must cost at most 1.2× the same PUT with every check off (docs/quality-checks.md).
// One api process on a fresh PostgreSQL database (TEST_DATABASE_URL), one organization with a
// glossary of GLOSSARY_TERMS terms (some found in the source), two projects seeded alike (KEYS keys,
// an English source shaped like a real UI string: ICU placeholders, markup, a URL, a printf
// placeholder, numbers, glossary terms; each key with a length limit): "on" sets every check to
// warning (`icu_syntax` and `max_length` stay errors) with a format for `format_escaping`, "off"
// sets every check off. One client sends the saves one at a time, alternating on, off, on, ...
// (so the machine's load drifts over both alike), each to the next key with a changed value (a
// real write with its history entry); after a warm-up, ROUNDS saves of each are timed. The
// result is the ratio of the medians (and of the means).
//   TEST_DATABASE_URL=postgres://… pnpm --filter @locale/api run bench:qa-put   (ROUNDS=600 KEYS=1000)
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { loadavg } from "node:os";
import { QA_CHECK_IDS } from "@locale/core/qa";
import { createDb } from "@locale/db";
import { call, signUpOnProcess } from "../test/helpers/fuzz/server-process";
import { UNREACHED_RATE_LIMITS } from "../test/helpers/unreached-rate-limits";
import { startApi } from "./api-process";

const ROUNDS = Number(process.env.ROUNDS ?? 600);
const WARMUP = Number(process.env.WARMUP ?? 100);
const KEYS = Number(process.env.KEYS ?? 1000);
const GLOSSARY_TERMS = Number(process.env.GLOSSARY_TERMS ?? 200);
const TARGET_RATIO = 1.2;

const SOURCE =
  "Hello, {name}! Privacy Badger blocked <b>{count}</b> trackers on %1$s in 24 hours. Read more at https://privacybadger.org/#faq.";
// Two good translations, alternated so every save changes the value.
const VALUES = [
  "Hallo, {name}! Privacy Badger hat in 24 Stunden <b>{count}</b> Tracker auf %1$s blockiert. Mehr unter https://privacybadger.org/#faq.",
  "Hallo {name}! Privacy Badger hat in 24 Stunden <b>{count}</b> Tracker auf %1$s gesperrt. Mehr dazu unter https://privacybadger.org/#faq.",
];

const log = (...args: unknown[]) => console.log("[bench:qa-put]", ...args);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("set TEST_DATABASE_URL (PostgreSQL)");
  const database = `locale_bench_qaput_${randomBytes(4).toString("hex")}`;
  const admin = await createDb(serverUrl, { migrate: false, poolSize: 1 });
  await admin.query(`CREATE DATABASE ${database}`);
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  const url = u.toString();
  const db = await createDb(url);
  const api = await startApi({ DATABASE_URL: url, WORKER_MODE: "off", ...UNREACHED_RATE_LIMITS });
  try {
    const owner = await signUpOnProcess(api.url, "QA put owner");
    const req = (method: string, path: string, body?: unknown) =>
      call(api.url, method, path, { apiKey: owner.apiKey, ...(body !== undefined ? { body } : {}) });

    // The glossary: terms of the source (one do-not-translate, one with an approved translation) and filler.
    const glossary = await req("POST", `/api/organizations/${owner.orgId}/glossaries`, { name: "Brand", sourceLanguage: "en" });
    assert.equal(glossary.status, 201);
    await db.query(
      `INSERT INTO "GlossaryTerm" ("id", "organizationId", "glossaryId", "term", "termLower", "definition", "translations", "doNotTranslate", "caseSensitive", "updatedAt")
       SELECT uuid_v7(), $1, $2, t.term, lower(t.term), '', t.tr::jsonb, t.dnt, false, now()
         FROM unnest($3::text[], $4::text[], $5::boolean[]) AS t(term, tr, dnt)`,
      [
        owner.orgId,
        glossary.body._id,
        ["Privacy Badger", "tracker", ...Array.from({ length: GLOSSARY_TERMS - 2 }, (_, i) => `filler term ${i}`)],
        [
          "[]",
          JSON.stringify([{ language: "de", value: "Tracker", approved: true }]),
          ...Array.from({ length: GLOSSARY_TERMS - 2 }, (_, i) =>
            JSON.stringify([{ language: "de", value: `Füllbegriff ${i}`, approved: true }]),
          ),
        ],
        [true, false, ...Array.from({ length: GLOSSARY_TERMS - 2 }, (_, i) => i % 5 === 0)],
      ],
    );

    const project = async (name: string, checks: Record<string, string>, format: string | null) => {
      const res = await req("POST", "/api/projects", { name, sourceLanguage: "en", targetLanguages: ["de"] });
      assert.equal(res.status, 201);
      const projectId = res.body._id as string;
      const settings = await req("PUT", `/api/projects/${projectId}/qa-settings`, { checks, format });
      assert.equal(settings.status, 200, JSON.stringify(settings.body));
      const keys = await db.query<{ id: string }>(
        `INSERT INTO "Key" ("id", "projectId", "key", "maxLength", "updatedAt")
         SELECT uuid_v7(), $1, 'screen.item_' || lpad(g::text, 5, '0'), 400, now() FROM generate_series(1, $2::int) g RETURNING id`,
        [projectId, KEYS],
      );
      await db.query(
        `INSERT INTO "Translation" ("id", "projectId", "keyId", "language", "value", "status", "source", "updatedAt")
         SELECT uuid_v7(), $1, k, 'en', $2, 'translated', 'human', now() FROM unnest($3::text[]) AS k`,
        [projectId, SOURCE, keys.map((k) => k.id)],
      );
      return { projectId, keyIds: keys.map((k) => k.id) };
    };
    const on = await project(
      "Checks on",
      Object.fromEntries(QA_CHECK_IDS.map((id) => [id, id === "icu_syntax" || id === "max_length" ? "error" : "warning"])),
      "android-xml",
    );
    const off = await project("Checks off", Object.fromEntries(QA_CHECK_IDS.map((id) => [id, "off"])), null);
    await db.query(`ANALYZE`);

    // A save with every check on stores nothing for these values: the checks run and all pass.
    const probe = await req("PUT", `/api/projects/${on.projectId}/keys/${on.keyIds[0]}/translations/de`, { value: VALUES[0] });
    assert.equal(probe.status, 200, JSON.stringify(probe.body));
    assert.deepEqual(probe.body.qaIssues, [], "the benchmark's values pass every check");

    const times = { on: [] as number[], off: [] as number[] };
    let n = 0;
    const save = async (target: { projectId: string; keyIds: string[] }, i: number) => {
      const keyId = target.keyIds[i % target.keyIds.length]!;
      const value = VALUES[Math.floor(i / target.keyIds.length) % 2 === 0 ? 1 : 0]!;
      const t0 = performance.now();
      const res = await req("PUT", `/api/projects/${target.projectId}/keys/${keyId}/translations/de`, { value });
      const ms = performance.now() - t0;
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return ms;
    };
    log(
      `${KEYS} keys per project, ${GLOSSARY_TERMS} glossary terms, ${WARMUP} warm-up + ${ROUNDS} timed saves each; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    for (let i = 1; i <= WARMUP + ROUNDS; i++) {
      const a = await save(on, i);
      const b = await save(off, i);
      if (i > WARMUP) {
        times.on.push(a);
        times.off.push(b);
      }
      n++;
    }
    const stats = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { median: percentile(sorted, 50), p90: percentile(sorted, 90), mean: mean(xs) };
    };
    const sOn = stats(times.on);
    const sOff = stats(times.off);
    const ratio = sOn.median / sOff.median;
    const fmt = (s: { median: number; p90: number; mean: number }) =>
      `median ${s.median.toFixed(2)} ms, p90 ${s.p90.toFixed(2)} ms, mean ${s.mean.toFixed(2)} ms`;
    log(`checks off: ${fmt(sOff)}`);
    log(`checks on:  ${fmt(sOn)}`);
    log(
      `ratio of medians ${ratio.toFixed(3)}×, of means ${(sOn.mean / sOff.mean).toFixed(3)}× (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? "met" : "MISSED"}); ${n * 2} saves, load average ${loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await api.stop();
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.close();
  }
}

await main();
