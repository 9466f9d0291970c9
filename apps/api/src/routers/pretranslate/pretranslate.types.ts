import { LEVERAGE_BANDS } from "@locale/core/pretranslate";
import { z } from "zod";
import { ZAiModelId } from "../ai/ai.types";
import { ZMtEngineId } from "../mt/mt.types";

const ZLanguage = z.string().min(1).max(64);

export const ZPretranslateRequest = z.object({
  projectId: z.string(),
  sourceLanguage: ZLanguage.optional().describe("Default: the project's source language"),
  targetLanguages: z.array(ZLanguage).min(1).max(200).optional().describe("Default: every target language; one job per language"),
  minSimilarity: z
    .number()
    .min(50)
    .max(100)
    .optional()
    .describe("Lowest TM similarity taken, 50–100; default 100 (context and 100 % matches only)"),
  engine: z
    .union([ZMtEngineId, z.literal("ai")])
    .optional()
    .describe("For keys the TM leaves: an MT engine, or `ai` for an LLM; default none"),
  model: ZAiModelId.optional().describe('With engine "ai": the model (default: the usual choice)'),
  namespace: z.string().max(1000).optional().describe("Only keys of this namespace"),
  keyIds: z.array(z.string().min(1).max(64)).min(1).max(100_000).optional().describe("Only these keys"),
});

export const ZPretranslateResponse = z.object({
  jobs: z.array(
    z.object({
      jobId: z.string(),
      targetLanguage: z.string(),
      total: z.number().describe("Keys the job works on"),
      skipped: z.number().describe("Untranslated keys without a source text"),
      totalKeys: z.number().describe("Untranslated keys of the language"),
    }),
  ),
});

const ZRate = z.coerce.number().min(0).max(1_000_000).optional();

export const ZLeverageRequest = z.object({
  projectId: z.string(),
  languages: z.string().max(2000).optional().describe("Comma-separated target languages; default all"),
  namespace: z.string().max(1000).optional(),
  rateContext: ZRate.describe("Price per word of context matches"),
  rate100: ZRate.describe("Price per word of 100 % matches"),
  rate95: ZRate.describe("Price per word of 95–99 % matches"),
  rate85: ZRate.describe("Price per word of 85–94 % matches"),
  rate75: ZRate.describe("Price per word of 75–84 % matches"),
  rate50: ZRate.describe("Price per word of 50–74 % matches"),
  rateNone: ZRate.describe("Price per word of keys without a match"),
});

const ZCounts = { keys: z.number(), words: z.number(), characters: z.number(), cost: z.number().nullable() };

export const ZLeverageReport = z.object({
  sourceLanguage: z.string(),
  languages: z.array(
    z.object({
      language: z.string(),
      ...ZCounts,
      bands: z.array(z.object({ band: z.enum(LEVERAGE_BANDS), ...ZCounts })),
    }),
  ),
});
