// Everything the prompt tells the model about one string (key name and description, comments,
// neighbouring strings, the organization's glossary and translation memory: docs/api-rules.md,
// "AI translation"), read outside any transaction before the provider call.
import type { Database } from "@locale/db";
import { GlossaryMatcher } from "../glossary/glossary-matcher";
import type { RuntimeDeps } from "../runtime/core-runtime";
import { rankTmEntries } from "../tm/rank-tm-entries";
import { TmSearchTooCostly } from "../tm/verify-in-slices";

export interface GlossaryHint {
  term: string;
  definition: string;
  doNotTranslate: boolean;
  /** The term's translation into the target language, when the glossary has one. */
  translation?: string;
  approved: boolean;
}

export interface TmHint {
  source: string;
  target: string;
  similarity: number;
}

export interface NeighbourHint {
  key: string;
  source: string;
  target: string;
}

export interface PromptContext {
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  keyName: string;
  keyDescription: string;
  comments: string[];
  neighbours: NeighbourHint[];
  glossary: GlossaryHint[];
  tm: TmHint[];
  /** Organization style guide, or the request's `toneInstruction` that overrides it. */
  tone?: string;
  style?: string;
  additionalContext?: string;
}

export interface GatherInput {
  organizationId: string;
  projectId: string;
  keyId: string;
  keyName: string;
  keyDescription: string;
  namespace: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  tone?: string;
  style?: string;
  additionalContext?: string;
}

const NEIGHBOURS_EACH_SIDE = 2;
const MAX_COMMENTS = 10;
const MAX_TM = 3;
const MIN_TM_SIMILARITY = 50;

function languageMatches(candidate: string, target: string): boolean {
  const c = candidate.toLowerCase();
  const t = target.toLowerCase();
  return c === t || t.startsWith(`${c}-`);
}

async function readGlossary(db: Database, input: GatherInput): Promise<GlossaryHint[]> {
  // strpos pre-filters in SQL so a large glossary is not loaded per string; the matcher then
  // applies the whole-word and case rules of the glossary check.
  const rows = await db.prisma.$queryRawUnsafe<
    { term: string; definition: string; translations: unknown; doNotTranslate: boolean; caseSensitive: boolean }[]
  >(
    `SELECT term, definition, translations, "doNotTranslate", "caseSensitive" FROM "GlossaryTerm"
     WHERE "organizationId" = $1 AND strpos(lower($2), "termLower") > 0 LIMIT 500`,
    input.organizationId,
    input.sourceText,
  );
  if (rows.length === 0) return [];
  const matcher = new GlossaryMatcher(rows.map((r) => ({ term: r.term, caseSensitive: r.caseSensitive, payload: r })));
  const seen = new Set<string>();
  const hints: GlossaryHint[] = [];
  for (const m of matcher.match(input.sourceText)) {
    const r = m.term.payload;
    if (seen.has(r.term)) continue;
    seen.add(r.term);
    const list = Array.isArray(r.translations) ? (r.translations as { language?: string; value?: string; approved?: boolean }[]) : [];
    const exact = list.find((t) => t.language && t.value && t.language.toLowerCase() === input.targetLanguage.toLowerCase());
    const chosen = exact ?? list.find((t) => t.language && t.value && languageMatches(t.language, input.targetLanguage));
    hints.push({
      term: r.term,
      definition: r.definition,
      doNotTranslate: r.doNotTranslate,
      translation: chosen?.value,
      approved: chosen?.approved === true,
    });
  }
  return hints;
}

/**
 * The best TM matches by the documented similarity: the TM search's own exact ranking (limit 3,
 * at least 50), so the model sees what a translator searching the memory would see. A trigram
 * pre-filter used to pick the candidates here; at 1,000,000 entries it took 2.5–3.1 s for short
 * strings of common words and missed better matches (docs/tm-search.md).
 */
async function readTm(on: RuntimeDeps, input: GatherInput): Promise<TmHint[]> {
  const matches = await rankTmEntries(on, {
    organizationId: input.organizationId,
    sourceText: input.sourceText,
    sourceLang: input.sourceLanguage,
    targetLang: input.targetLanguage,
    minSimilarity: MIN_TM_SIMILARITY,
    limit: MAX_TM,
  }).catch((err: unknown) => {
    // A text too long to search within the budget gets no TM hints; the translation goes on.
    if (err instanceof TmSearchTooCostly) return [];
    throw err;
  });
  return matches.map((m) => ({ source: m.sourceText, target: m.targetText, similarity: m.similarity }));
}

async function readNeighbours(db: Database, input: GatherInput): Promise<NeighbourHint[]> {
  // The keys just before and after this one in (namespace, key) order, with their source and
  // target values, in one round trip.
  const rows = await db.prisma.$queryRawUnsafe<
    { key: string; namespace: string; source: string | null; target: string | null; side: number }[]
  >(
    `SELECT n.key, n.namespace, s.value AS source, t.value AS target, n.side FROM (
       (SELECT id, key, namespace, 0 AS side FROM "Key" WHERE "projectId" = $1 AND (namespace, key) < ($2, $3)
        ORDER BY namespace DESC, key DESC LIMIT ${NEIGHBOURS_EACH_SIDE})
       UNION ALL
       (SELECT id, key, namespace, 1 AS side FROM "Key" WHERE "projectId" = $1 AND (namespace, key) > ($2, $3)
        ORDER BY namespace, key LIMIT ${NEIGHBOURS_EACH_SIDE})
     ) n
     LEFT JOIN "Translation" s ON s."keyId" = n.id AND s.language = $4
     LEFT JOIN "Translation" t ON t."keyId" = n.id AND t.language = $5
     ORDER BY n.namespace, n.key`,
    input.projectId,
    input.namespace,
    input.keyName,
    input.sourceLanguage,
    input.targetLanguage,
  );
  return rows
    .map((r) => ({ key: r.namespace ? `${r.namespace}:${r.key}` : r.key, source: r.source ?? "", target: r.target ?? "" }))
    .filter((n) => n.source !== "" || n.target !== "");
}

export async function gatherPromptContext(on: RuntimeDeps, input: GatherInput): Promise<PromptContext> {
  const { db } = on;
  // Sequential on purpose: PGlite runs one query at a time, and PostgreSQL gains little here.
  const comments = await db.prisma.$queryRawUnsafe<{ body: string }[]>(
    `SELECT body FROM "Comment" WHERE "keyId" = $1 AND (language IS NULL OR language IN ($2, $3)) ORDER BY "createdAt" LIMIT ${MAX_COMMENTS}`,
    input.keyId,
    input.sourceLanguage,
    input.targetLanguage,
  );
  const neighbours = await readNeighbours(db, input);
  const glossary = await readGlossary(db, input);
  const tm = await readTm(on, input);
  return {
    sourceLanguage: input.sourceLanguage,
    targetLanguage: input.targetLanguage,
    sourceText: input.sourceText,
    keyName: input.keyName,
    keyDescription: input.keyDescription,
    comments: comments.map((c) => c.body),
    neighbours,
    glossary,
    tm,
    tone: input.tone,
    style: input.style,
    additionalContext: input.additionalContext,
  };
}
