import type { ServiceContext } from "../context";
import { type GlossaryTermRecord, toGlossaryTermRecord } from "./glossary-record";
import { loadGlossary } from "./load-glossary";

/**
 * Terms of one glossary in alphabetical order; `search` is a case-insensitive substring filter
 * over the term, its definition and its translation values.
 */
export async function listGlossaryTerms(
  ctx: ServiceContext,
  input: { orgId: string; glossaryId: string; search?: string },
): Promise<GlossaryTermRecord[]> {
  const glossary = await loadGlossary(ctx, input.orgId, input.glossaryId, "glossary.read");
  const search = input.search?.trim();
  let ids: string[] | undefined;
  if (search) {
    // strpos instead of LIKE: the needle needs no escaping of % and _.
    const rows = await ctx.db.prisma.$queryRaw<{ id: string }[]>`
      SELECT t."id" FROM "GlossaryTerm" t
      WHERE t."glossaryId" = ${glossary.id}
        AND (strpos(lower(t."term"), lower(${search})) > 0
          OR strpos(lower(t."definition"), lower(${search})) > 0
          OR EXISTS (SELECT 1 FROM jsonb_array_elements(t."translations") e
                     WHERE strpos(lower(e->>'value'), lower(${search})) > 0))`;
    ids = rows.map((r) => r.id);
  }
  const terms = await ctx.db.prisma.glossaryTerm.findMany({
    where: { glossaryId: glossary.id, ...(ids ? { id: { in: ids } } : {}) },
    orderBy: [{ termLower: "asc" }, { id: "asc" }],
  });
  return terms.map(toGlossaryTermRecord);
}
