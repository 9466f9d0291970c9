// Glossary check: which of the organization's terms occur in a text. The compiled matcher is
// cached per organization (and glossary selection) and rebuilt only when the terms change, so a
// check costs one small aggregate query plus one pass over the text.
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { assertOrganization } from "../organizations/load-organization";
import { canonicalLanguage } from "../shared/languages";
import { GlossaryMatcher } from "./glossary-matcher";
import { type TermTranslation, termTranslationsOf } from "./glossary-record";

export interface CheckGlossaryInput {
  orgId: string;
  text: string;
  /** Only this language's translations in the matches. */
  language?: string;
  /** Only these glossaries (default: all of the organization's). */
  glossaryIds?: string[];
}

export interface GlossaryMatch {
  term: string;
  definition: string;
  position: { start: number; end: number };
  translations: TermTranslation[];
  glossaryId: string;
  termId: string;
  doNotTranslate: boolean;
  caseSensitive: boolean;
}

interface MatchPayload {
  termId: string;
  glossaryId: string;
  definition: string;
  translations: TermTranslation[];
  doNotTranslate: boolean;
}

export interface CachedMatcher {
  fingerprint: string;
  matcher: GlossaryMatcher<MatchPayload>;
}

const MAX_CACHED = 64;

/**
 * The compiled matchers of one process, least recently used first (held by its CoreRuntime,
 * never by this module). Entries carry their term set's fingerprint, so a stale one is rebuilt.
 */
export class GlossaryMatchers {
  readonly entries = new Map<string, CachedMatcher>();
}

async function matcherFor(
  ctx: ServiceContext,
  organizationId: string,
  glossaryIds: string[] | undefined,
): Promise<GlossaryMatcher<MatchPayload>> {
  const where = { organizationId, ...(glossaryIds ? { glossaryId: { in: glossaryIds } } : {}) };
  // Every write to a term gives it a new updatedAt and deletes lower the count, so the count and
  // the sum of the timestamps change with any change to the term set (a max would miss an
  // update stamped earlier than the newest term by a server whose clock lags).
  const [stats] = await ctx.db.prisma.$queryRaw<{ n: number; stamps: string }[]>`
    SELECT count(*)::int AS n, COALESCE(sum(extract(epoch FROM "updatedAt")), 0)::text AS stamps
    FROM "GlossaryTerm"
    WHERE "organizationId" = ${organizationId} AND (${glossaryIds ?? null}::text[] IS NULL OR "glossaryId" = ANY(${glossaryIds ?? null}::text[]))`;
  const fingerprint = `${stats?.n ?? 0}:${stats?.stamps ?? ""}`;
  const cache = ctx.runtime.glossaryMatchers.entries;
  const cacheKey = `${organizationId}|${glossaryIds ? [...glossaryIds].sort().join(",") : "*"}`;
  const hit = cache.get(cacheKey);
  if (hit && hit.fingerprint === fingerprint) {
    cache.delete(cacheKey); // re-insert: the Map's order is the LRU order
    cache.set(cacheKey, hit);
    return hit.matcher;
  }
  const terms = await ctx.db.prisma.glossaryTerm.findMany({
    where,
    select: { id: true, glossaryId: true, term: true, definition: true, translations: true, doNotTranslate: true, caseSensitive: true },
    orderBy: [{ glossaryId: "asc" }, { termLower: "asc" }],
  });
  const matcher = new GlossaryMatcher<MatchPayload>(
    terms.map((t) => ({
      term: t.term,
      caseSensitive: t.caseSensitive,
      payload: {
        termId: t.id,
        glossaryId: t.glossaryId,
        definition: t.definition,
        translations: termTranslationsOf(t.translations),
        doNotTranslate: t.doNotTranslate,
      },
    })),
  );
  cache.set(cacheKey, { fingerprint, matcher });
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return matcher;
}

export async function checkGlossary(ctx: ServiceContext, input: CheckGlossaryInput): Promise<{ matches: GlossaryMatch[] }> {
  assertOrganization(ctx, input.orgId, "glossary.read");
  const organizationId = ctx.actor.organizationId;
  const language = input.language !== undefined ? canonicalLanguage(input.language) : undefined;
  let glossaryIds: string[] | undefined;
  if (input.glossaryIds) {
    glossaryIds = [...new Set(input.glossaryIds)];
    const found = await ctx.db.prisma.glossary.count({ where: { id: { in: glossaryIds }, organizationId } });
    if (found !== glossaryIds.length) throw notFound("Glossary");
  }
  const matcher = await matcherFor(ctx, organizationId, glossaryIds);
  const matches = matcher.match(input.text).map(({ start, end, term }) => ({
    term: term.term,
    definition: term.payload.definition,
    position: { start, end },
    translations: language ? term.payload.translations.filter((t) => t.language === language) : term.payload.translations,
    glossaryId: term.payload.glossaryId,
    termId: term.payload.termId,
    doNotTranslate: term.payload.doNotTranslate,
    caseSensitive: term.caseSensitive,
  }));
  return { matches };
}
