// GET /projects/:id/leverage: per target language, the keys a translator would still have to
// translate (the pre-translation's candidates: untranslated, with a source text) counted by the
// band of their best translation-memory match, with words and characters, and with rates per word
// a cost. A key's band is what the per-key TM search answers for its source text (rankTmEntries,
// the ranking of GET /tm/search), or `context` when the same key of another project has the same
// source text translated. Identical source texts are searched once, and those with a stored
// identical source (100 %: the top of the search whatever else is stored) are found in one query.
// The rest go to the native engine in one batch when the language pair has an in-process copy
// (only the band of the best match is asked for), and otherwise to the per-text search.
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { canonicalLanguage } from "../shared/languages";
import { bandsWithEngine } from "../tm/bands-with-engine";
import { rankTmEntries } from "../tm/rank-tm-entries";
import { normalizeTmText } from "../tm/tm-similarity";
import { findContextMatches } from "./context-matches";
import { findExactTmMatches } from "./exact-tm-matches";
import { charactersOf, LEVERAGE_BANDS, type LeverageBand, leverageBandOf, wordsOf } from "./leverage-bands";

export interface LeverageInput {
  /** Default: every target language of the project. */
  languages?: string[];
  namespace?: string;
  /** Price per word of each band (any currency); the cost is words × rate. */
  rates?: Partial<Record<LeverageBand, number>>;
}

export interface LeverageBandCount {
  band: LeverageBand;
  keys: number;
  words: number;
  characters: number;
  cost: number | null;
}

export interface LeverageLanguage {
  language: string;
  keys: number;
  words: number;
  characters: number;
  cost: number | null;
  bands: LeverageBandCount[];
}

export interface LeverageReport {
  sourceLanguage: string;
  languages: LeverageLanguage[];
}

/** A key's band for one language, as the report counts it (exported for tests and the bench). */
export interface LeverageKey {
  keyId: string;
  sourceText: string;
  band: LeverageBand;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** The lower bounds of the fuzzy bands (leverageBandOf): each is a similarity in its band. */
const ENGINE_THRESHOLDS = [50, 75, 85, 95];

/**
 * The texts left (no context match, no identical stored source) in one batch through the native
 * engine when the pair has a copy: only each text's band matters, not its ranking. The engine's
 * 100 (a stored source equal after normalisation, not identical) is the ranking's 99, so its
 * highest threshold is 95. Texts it cannot answer stay for the per-text search.
 */
async function bandTheRest(
  ctx: ServiceContext,
  project: { organizationId: string; sourceLanguage: string },
  language: string,
  rows: { keyId: string; sourceText: string }[],
  context: ReadonlyMap<string, unknown>,
  best: Map<string, number | null>,
): Promise<void> {
  const texts = [...new Set(rows.filter((r) => !context.has(r.keyId) && !best.has(r.sourceText)).map((r) => r.sourceText))];
  const searched: string[] = [];
  const norms: string[] = [];
  for (const text of texts) {
    const norm = normalizeTmText(text);
    if (norm === "") {
      best.set(text, null); // the ranking answers nothing for it either
    } else {
      searched.push(text);
      norms.push(norm);
    }
  }
  if (!norms.length) return;
  const bands = await bandsWithEngine(ctx, {
    organizationId: project.organizationId,
    sourceLang: project.sourceLanguage,
    targetLang: language,
    norms,
    thresholds: ENGINE_THRESHOLDS,
  });
  if (!bands) return;
  for (const [i, text] of searched.entries()) best.set(text, bands[i] ? bands[i] : null);
}

async function keysOfLanguage(
  ctx: ServiceContext,
  project: { id: string; organizationId: string; sourceLanguage: string },
  language: string,
  namespace: string | undefined,
): Promise<LeverageKey[]> {
  const rows = await ctx.db.prisma.$queryRawUnsafe<{ keyId: string; sourceText: string }[]>(
    `SELECT k.id AS "keyId", s.value AS "sourceText"
     FROM "Key" k
     JOIN "Translation" s ON s."keyId" = k.id AND s.language = $3 AND s.value <> ''
     LEFT JOIN "Translation" t ON t."keyId" = k.id AND t.language = $2
     WHERE k."projectId" = $1 AND (t.id IS NULL OR t.status = 'untranslated') AND ($4::text IS NULL OR k.namespace = $4::text)
     ORDER BY k.namespace, k.key`,
    project.id,
    language,
    project.sourceLanguage,
    namespace ?? null,
  );
  const context = await findContextMatches(ctx.db, {
    organizationId: project.organizationId,
    projectId: project.id,
    sourceLanguage: project.sourceLanguage,
    targetLanguage: language,
    keyIds: null,
  });
  const best = new Map<string, number | null>();
  // identical stored sources through the pair's md5 index (exact-tm-matches.ts)
  const exact = await findExactTmMatches(ctx.db.prisma, {
    organizationId: project.organizationId,
    sourceLanguage: project.sourceLanguage,
    targetLanguage: language,
    texts: rows.filter((r) => !context.has(r.keyId)).map((r) => r.sourceText),
  });
  for (const text of exact.keys()) best.set(text, 100);
  await bandTheRest(ctx, project, language, rows, context, best);
  for (const r of rows) {
    if (context.has(r.keyId) || best.has(r.sourceText)) continue;
    const [top] = await rankTmEntries(ctx, {
      organizationId: project.organizationId,
      sourceText: r.sourceText,
      sourceLang: project.sourceLanguage,
      targetLang: language,
      minSimilarity: 50,
      limit: 1,
    });
    best.set(r.sourceText, top?.similarity ?? null);
  }
  return rows.map((r) => ({
    keyId: r.keyId,
    sourceText: r.sourceText,
    band: leverageBandOf(context.has(r.keyId), best.get(r.sourceText) ?? null),
  }));
}

export async function leverageKeys(ctx: ServiceContext, projectId: string, language: string, namespace?: string): Promise<LeverageKey[]> {
  const project = await loadProject(ctx, projectId, "tm.read");
  return keysOfLanguage(ctx, project, language, namespace);
}

export async function leverageReport(ctx: ServiceContext, projectId: string, input: LeverageInput): Promise<LeverageReport> {
  const project = await loadProject(ctx, projectId, "tm.read");
  const languages = input.languages?.length ? input.languages.map((l) => canonicalLanguage(l, "languages")) : project.targetLanguages;
  for (const l of languages) {
    if (!project.targetLanguages.includes(l)) {
      throw badRequest(`languages: "${l}" is not a target language of the project`, [
        { path: "languages", message: "not a target language of the project" },
      ]);
    }
  }
  const rates = input.rates ?? {};
  const priced = Object.values(rates).some((r) => r !== undefined);
  const result: LeverageLanguage[] = [];
  for (const language of languages) {
    const keys = await keysOfLanguage(ctx, project, language, input.namespace);
    const bands = new Map<LeverageBand, LeverageBandCount>(
      LEVERAGE_BANDS.map((band) => [band, { band, keys: 0, words: 0, characters: 0, cost: null }]),
    );
    for (const k of keys) {
      const b = bands.get(k.band)!;
      b.keys++;
      b.words += wordsOf(k.sourceText);
      b.characters += charactersOf(k.sourceText);
    }
    for (const b of bands.values()) if (priced) b.cost = round(b.words * (rates[b.band] ?? 0));
    const list = [...bands.values()];
    result.push({
      language,
      keys: keys.length,
      words: list.reduce((n, b) => n + b.words, 0),
      characters: list.reduce((n, b) => n + b.characters, 0),
      cost: priced ? round(list.reduce((n, b) => n + (b.cost ?? 0), 0)) : null,
      bands: list,
    });
  }
  return { sourceLanguage: project.sourceLanguage, languages: result };
}
