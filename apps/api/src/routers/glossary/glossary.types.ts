import { z } from "zod";

export const tags = ["Glossary"];

export const ZGlossary = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  sourceLanguage: z.string(),
  targetLanguages: z.array(z.string()),
  organizationId: z.string(),
  created: z.string(),
});

export const ZTermTranslation = z.object({
  language: z.string(),
  value: z.string(),
  approved: z.boolean(),
});

export const ZGlossaryTerm = z.object({
  _id: z.string(),
  term: z.string(),
  definition: z.string(),
  translations: z.array(ZTermTranslation),
  glossaryId: z.string(),
  doNotTranslate: z.boolean(),
  caseSensitive: z.boolean(),
  created: z.string(),
});

/**
 * A JSON boolean only. The REST adapter coerces values declared as z.boolean(), so "no" or 1
 * would become true; a literal union is validated as sent.
 */
const ZStrictBoolean = z.literal([true, false]);

export const ZOrgInput = z.object({ orgId: z.string().describe("Organization id, or `current`") });

export const ZGlossaryFields = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).optional(),
  sourceLanguage: z.string().min(1).max(64),
  targetLanguages: z.array(z.string().min(1).max(64)).max(500).optional(),
});

export const ZTermTranslationInput = z.object({
  language: z.string().min(1).max(64),
  value: z.string().max(10_000),
  approved: ZStrictBoolean.optional(),
});

export const ZTermFields = z.object({
  term: z.string().min(1).max(500),
  definition: z.string().max(10_000).optional(),
  translations: z.array(ZTermTranslationInput).max(500).optional(),
  doNotTranslate: ZStrictBoolean.optional(),
  caseSensitive: ZStrictBoolean.optional(),
});

export const ZGlossaryFormat = z.enum(["csv", "tbx"]);
