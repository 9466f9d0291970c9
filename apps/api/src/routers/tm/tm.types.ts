import { z } from "zod";

export const tags = ["Translation memory"];

export const ZTmEntry = z.object({
  _id: z.string(),
  sourceText: z.string(),
  targetText: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  usageCount: z.number().describe("Times this pair was added to the memory"),
  created: z.string(),
});

export const ZTmSearchResult = ZTmEntry.extend({ similarity: z.number().describe("0–100; 100 only for an identical source text") });

export const ZOrgInput = z.object({ orgId: z.string().describe("Organization id, or `current`") });
