// TM search is exact (issue 14): the length window, the distance bound and the trigram bound it
// filters with are checked against their definitions, and searchTm against a brute-force scan of
// every entry with tmSimilarity, on a memory full of near-duplicates, shared words, ties, long
// texts (over fuzzystrmatch's 255 characters) and non-Latin text. On PostgreSQL the candidates are
// verified in the database (fuzzystrmatch), on PGlite in the application: both must agree.
import { createCoreRuntime, DEFAULT_CORE_CONFIG, type ServiceContext } from "@locale/core";
import {
  bagDistance,
  codePointCounts,
  configureTmEngine,
  DEFAULT_TM_ENGINE_SETTINGS,
  lengthWindow,
  levenshtein,
  maxDistanceFor,
  normalizeTmText,
  searchTm,
  similarityFromDistance,
  tmSimilarity,
  trigramLimit,
} from "@locale/core/tm";
import { createTestDb, type Database } from "@locale/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let s = 7;
const rnd = (n: number) => {
  s = (s + 0x6d2b79f5) | 0;
  let t = Math.imul(s ^ (s >>> 15), 1 | s);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) % n;
};
const pick = <T>(items: readonly T[]): T => items[rnd(items.length)]!;

describe("TM similarity bounds (pure)", () => {
  it("rounds halves up in exact arithmetic (1 − 17/40 = 57.5 % is 58)", () => {
    expect(similarityFromDistance(17, 40)).toBe(58);
    expect(tmSimilarity("a".repeat(40), `${"b".repeat(17)}${"a".repeat(23)}`)).toBe(58);
    expect(tmSimilarity("kitten", "sitting")).toBe(57);
  });

  it("maxDistanceFor is exactly the largest distance reaching a similarity", () => {
    const wrong: string[] = [];
    for (let longest = 1; longest <= 260; longest++)
      for (let atLeast = 0; atLeast <= 99; atLeast++) {
        const k = maxDistanceFor(longest, atLeast);
        if (similarityFromDistance(k, longest) < atLeast || (k < longest && similarityFromDistance(k + 1, longest) >= atLeast))
          wrong.push(`${longest} ${atLeast}`);
      }
    expect(wrong).toEqual([]);
  });

  it("lengthWindow holds exactly the lengths whose best possible similarity qualifies", () => {
    const wrong: string[] = [];
    for (let m = 1; m <= 120; m++)
      for (let atLeast = 1; atLeast <= 100; atLeast++) {
        const { min, max } = lengthWindow(m, atLeast);
        for (let l = 1; l <= 260; l++) {
          // the best a text of length l can do is a distance of |m − l| (100 needs the same text)
          const best = atLeast === 100 ? (l === m ? 100 : 0) : similarityFromDistance(Math.abs(m - l), Math.max(m, l));
          if (l >= min && l <= max ? best < atLeast : best >= atLeast) wrong.push(`m=${m} l=${l} s=${atLeast}`);
        }
      }
    expect(wrong).toEqual([]);
  });

  it("the banded distance is exact within its bound and above it otherwise; the bag distance never exceeds it", () => {
    const alphabet = ["a", "b", "c", " ", "é", "👋"];
    for (let i = 0; i < 3000; i++) {
      const a = Array.from({ length: rnd(14) }, () => pick(alphabet)).join("");
      const b = Array.from({ length: rnd(14) }, () => pick(alphabet)).join("");
      const full = levenshtein(a, b);
      const max = rnd(10);
      const banded = levenshtein(a, b, max);
      const qa = Array.from(a, (c) => c.codePointAt(0)!);
      expect(
        bagDistance(
          codePointCounts(qa),
          qa.length,
          Array.from(b, (c) => c.codePointAt(0)!),
        ),
      ).toBeLessThanOrEqual(full);
      if (full <= max) expect(banded, `${a}|${b}|${max}`).toBe(full);
      else expect(banded, `${a}|${b}|${max}`).toBeGreaterThan(max);
    }
    expect(levenshtein("kitten", "sitting")).toBe(3);
  });
});

const WORDS = ["the", "to", "a", "save", "file", "files", "open", "close", "delete", "account", "now", "größe", "日本語", "x1", "é"];
const word = () =>
  rnd(3)
    ? WORDS[Math.min(rnd(WORDS.length), rnd(WORDS.length))]!
    : Array.from({ length: 2 + rnd(6) }, () => pick([..."abcdefghij"])).join("");
const sentence = (words = 1 + rnd(7)) => Array.from({ length: words }, word).join(rnd(5) ? " " : "  ");
function mutate(text: string): string {
  const chars = Array.from(text);
  for (let edits = 1 + rnd(3); edits > 0; edits--) {
    const i = rnd(chars.length + 1);
    const op = rnd(4);
    const c = pick(["a", "e", " ", ",", "ß", "1", "Ü"]);
    if (chars.length === 0) chars.push(c);
    if (op === 0) chars.splice(i, 0, c);
    else if (op === 1) chars.splice(i, 1);
    else if (op === 2) chars[Math.min(i, chars.length - 1)] = c;
    else chars[Math.min(i, chars.length - 1)] = chars[Math.min(i, chars.length - 1)]!.toUpperCase();
  }
  return chars.join("") || "x";
}

describe("TM search against a brute-force scan", () => {
  let db: Database;
  let orgId: string;
  let ctx: ServiceContext;

  beforeAll(async () => {
    db = await createTestDb();
    const [org, other] = await Promise.all(
      ["exact", "other"].map((slug) => db.prisma.organization.create({ data: { name: slug, slug: `tm-${slug}` } })),
    );
    orgId = org!.id;
    ctx = {
      db,
      config: DEFAULT_CORE_CONFIG,
      runtime: createCoreRuntime(),
      actor: { userId: "u", userName: "U", organizationId: orgId, role: "owner", via: "session", scopes: null },
    };
    const sources: string[] = [];
    for (let i = 0; i < 700; i++) {
      const r = rnd(10);
      if (i > 0 && r < 4)
        sources.push(mutate(pick(sources))); // near-duplicates
      else if (i > 0 && r === 4)
        sources.push(pick(sources)); // the same source again (another target)
      else if (r === 5)
        sources.push(`${sentence(45 + rnd(15))}.`); // longer than fuzzystrmatch takes
      else if (r === 6) sources.push(pick(["…!?", "—", "Save changes", "SAVE  changes", "save changes", "Save change"]));
      else sources.push(sentence());
    }
    const pairs = [
      ["en", "de"],
      ["en", "de"],
      ["en", "de"],
      ["en", "fr"],
      ["de", "en"],
    ] as const;
    const rows = sources.map((text, i) => {
      const [src, tgt] = pick(pairs);
      return {
        org: i % 11 === 0 ? other!.id : orgId,
        src,
        tgt,
        text,
        target: `t${i}:${text}`,
        usage: 1 + rnd(3),
        // a tenth of the rows share one timestamp, so the last tie-breaker (id) is exercised
        created: i % 10 === 0 ? "2026-01-01T00:00:00.000Z" : new Date(Date.UTC(2026, 0, 2) + i * 1000).toISOString(),
      };
    });
    await db.query(
      `INSERT INTO "TmEntry" ("id", "organizationId", "sourceLanguage", "targetLanguage", "sourceText", "targetText", "sourceNorm", "pairHash", "usageCount", "createdAt", "updatedAt")
       SELECT gen_random_uuid()::text, o, sl, tl, st, tt, sn, md5(tt), u, c::timestamptz, now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[]) AS t(o, sl, tl, st, tt, sn, u, c)`,
      [
        rows.map((r) => r.org),
        rows.map((r) => r.src),
        rows.map((r) => r.tgt),
        rows.map((r) => r.text),
        rows.map((r) => r.target),
        rows.map((r) => normalizeTmText(r.text)),
        rows.map((r) => r.usage),
        rows.map((r) => r.created),
      ],
    );
  });
  afterAll(async () => {
    await db?.close();
  });

  it("keeps sourceLength equal to the code points of sourceNorm (trigger)", async () => {
    const rows = await db.query<{ id: string; sourceNorm: string; sourceLength: number }>(
      `SELECT "id", "sourceNorm", "sourceLength" FROM "TmEntry"`,
    );
    for (const r of rows) expect(r.sourceLength).toBe(Array.from(r.sourceNorm).length);
    await db.query(`UPDATE "TmEntry" SET "sourceNorm" = 'größe 👋', "sourceLength" = 99 WHERE "id" = $1`, [rows[0]!.id]);
    const [changed] = await db.query<{ sourceLength: number }>(`SELECT "sourceLength" FROM "TmEntry" WHERE "id" = $1`, [rows[0]!.id]);
    expect(changed!.sourceLength).toBe(7);
    await db.query(`UPDATE "TmEntry" SET "sourceNorm" = $2 WHERE "id" = $1`, [rows[0]!.id, rows[0]!.sourceNorm]);
  });

  it("holds the trigram bound: d edits leave pg_trgm similarity ≥ (n − 3d) / (n + 3d)", async () => {
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const x = normalizeTmText(rnd(4) ? sentence() : mutate(sentence(2)));
      let y = x;
      for (let k = rnd(6); k > 0; k--) y = mutate(y);
      a.push(x);
      b.push(normalizeTmText(y));
    }
    const rows = await db.query<{ n: number; sim: number }>(
      `SELECT coalesce(array_length(show_trgm(x), 1), 0)::int AS n, similarity(x, y)::float8 AS sim
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(x, y, i) ORDER BY i`,
      [a, b],
    );
    let bounded = 0;
    rows.forEach((r, i) => {
      const limit = trigramLimit(r.n, levenshtein(a[i]!, b[i]!));
      if (limit === null) return;
      bounded++;
      expect(r.sim, `${a[i]} | ${b[i]}`).toBeGreaterThanOrEqual(limit - 1e-6);
    });
    expect(bounded).toBeGreaterThan(500);
  });

  /** searchTm against a scan of every entry with tmSimilarity, over every kind of query. */
  const expectBruteForceAnswers = async () => {
    const all = await db.query<{
      id: string;
      sourceText: string;
      sourceLanguage: string;
      targetLanguage: string;
      usageCount: number;
      createdAt: Date;
    }>(
      `SELECT "id", "sourceText", "sourceLanguage", "targetLanguage", "usageCount", "createdAt" FROM "TmEntry" WHERE "organizationId" = $1
       ORDER BY "targetText" COLLATE "C"`,
      [orgId],
    );
    const stored = all.map((r) => r.sourceText);
    const queries = [
      "Save changes",
      "save",
      "the",
      "a to",
      "…!?",
      "日本語",
      "x",
      ...Array.from({ length: 12 }, () => pick(stored)),
      ...Array.from({ length: 16 }, () => mutate(pick(stored))),
      ...Array.from({ length: 10 }, () => sentence(1 + rnd(2))),
      ...Array.from({ length: 6 }, () => sentence(8 + rnd(6))),
      ...Array.from({ length: 4 }, () => mutate(pick(stored.filter((t) => t.length > 255)))),
    ].filter((q) => normalizeTmText(q) !== ""); // a blank text is a 400, not a search
    let nonEmpty = 0;
    for (const [i, sourceText] of queries.entries()) {
      const minSimilarity = pick([undefined, undefined, 0, 30, 50.5, 70, 76, 85, 90, 99, 100]);
      const limit = pick([undefined, undefined, 1, 3, 50]);
      const [sourceLang, targetLang] = pick([
        ["en", "de"],
        ["en", "de"],
        [undefined, "de"],
        [undefined, undefined],
        ["de", undefined],
      ]);
      const got = await searchTm(ctx, { orgId: "current", sourceText, minSimilarity, limit, sourceLang, targetLang });
      const expected = all
        .filter((r) => (!sourceLang || r.sourceLanguage === sourceLang) && (!targetLang || r.targetLanguage === targetLang))
        .map((r) => ({ ...r, similarity: tmSimilarity(sourceText, r.sourceText) }))
        .filter((r) => r.similarity >= (minSimilarity ?? 50))
        .sort(
          (x, y) =>
            y.similarity - x.similarity ||
            y.usageCount - x.usageCount ||
            y.createdAt.getTime() - x.createdAt.getTime() ||
            (x.id < y.id ? -1 : 1),
        )
        .slice(0, limit ?? 10)
        .map((r) => [r.id, r.similarity]);
      expect(
        got.map((r) => [r._id, r.similarity]),
        `#${i} ${JSON.stringify(sourceText)} min=${minSimilarity} limit=${limit} ${sourceLang}→${targetLang}`,
      ).toEqual(expected);
      if (expected.length) nonEmpty++;
    }
    // not vacuous: a good share of the queries have answers to compare
    expect(nonEmpty).toBeGreaterThan(queries.length / 3);
  };

  it("returns exactly the brute-force top results for every kind of query (database search)", async () => {
    configureTmEngine(ctx, { ...DEFAULT_TM_ENGINE_SETTINGS, enabled: false });
    await expectBruteForceAnswers();
  });

  it("returns exactly the brute-force top results through the native engine's in-process copies", async () => {
    const copies = configureTmEngine(ctx, { ...DEFAULT_TM_ENGINE_SETTINGS, minEntries: 1 });
    expect(copies, "the native TM engine is built (packages/tm-engine)").not.toBeNull();
    for (const [src, tgt] of [
      ["en", "de"],
      ["en", "fr"],
      ["de", "en"],
    ] as const)
      expect(await copies!.prepare(orgId, src, tgt)).toBe(true);
    const before = copies!.stats().searches;
    await expectBruteForceAnswers();
    // the queries with both languages and a threshold above 0 went through the engine
    expect(copies!.stats().searches - before).toBeGreaterThan(15);
  });
});
