import { type GlossaryFormatId, serializeGlossary } from "@locale/formats";
import type { ServiceContext } from "../context";
import { termTranslationsOf } from "./glossary-record";
import { loadGlossary } from "./load-glossary";

/** The whole glossary as CSV or TBX text, terms in alphabetical order. */
export async function exportGlossary(
  ctx: ServiceContext,
  input: { orgId: string; glossaryId: string; format: GlossaryFormatId },
): Promise<{ content: string; format: GlossaryFormatId }> {
  const glossary = await loadGlossary(ctx, input.orgId, input.glossaryId, "glossary.read");
  const terms = await ctx.db.prisma.glossaryTerm.findMany({
    where: { glossaryId: glossary.id },
    orderBy: [{ termLower: "asc" }, { id: "asc" }],
  });
  const content = serializeGlossary(
    input.format,
    terms.map((t) => ({
      term: t.term,
      definition: t.definition,
      doNotTranslate: t.doNotTranslate,
      caseSensitive: t.caseSensitive,
      translations: termTranslationsOf(t.translations),
    })),
    { sourceLanguage: glossary.sourceLanguage },
  );
  return { content, format: input.format };
}
