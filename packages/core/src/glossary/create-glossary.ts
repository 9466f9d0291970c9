import type { ServiceContext } from "../context";
import { assertOrganization } from "../organizations/load-organization";
import { glossaryLanguages } from "./glossary-languages";
import { type GlossaryRecord, toGlossaryRecord } from "./glossary-record";

export interface CreateGlossaryInput {
  orgId: string;
  name: string;
  description?: string;
  sourceLanguage: string;
  targetLanguages?: string[];
}

export async function createGlossary(ctx: ServiceContext, input: CreateGlossaryInput): Promise<GlossaryRecord> {
  assertOrganization(ctx, input.orgId, "glossary.write");
  const languages = glossaryLanguages(input.sourceLanguage, input.targetLanguages ?? []);
  const glossary = await ctx.db.prisma.glossary.create({
    data: { organizationId: ctx.actor.organizationId, name: input.name, description: input.description ?? "", ...languages },
  });
  return toGlossaryRecord(glossary);
}
