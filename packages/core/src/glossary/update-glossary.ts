import type { ServiceContext } from "../context";
import { glossaryLanguages } from "./glossary-languages";
import { type GlossaryRecord, toGlossaryRecord } from "./glossary-record";
import { loadGlossary } from "./load-glossary";

export interface UpdateGlossaryInput {
  orgId: string;
  id: string;
  name?: string;
  description?: string;
  sourceLanguage?: string;
  targetLanguages?: string[];
}

/** Changing the languages does not touch existing terms: their translations stay as stored. */
export async function updateGlossary(ctx: ServiceContext, input: UpdateGlossaryInput): Promise<GlossaryRecord> {
  const glossary = await loadGlossary(ctx, input.orgId, input.id, "glossary.write");
  const languages =
    input.sourceLanguage !== undefined || input.targetLanguages !== undefined
      ? glossaryLanguages(input.sourceLanguage ?? glossary.sourceLanguage, input.targetLanguages ?? glossary.targetLanguages)
      : {};
  const updated = await ctx.db.prisma.glossary.update({
    where: { id: glossary.id },
    data: {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...languages,
    },
  });
  return toGlossaryRecord(updated);
}
