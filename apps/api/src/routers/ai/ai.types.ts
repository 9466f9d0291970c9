import { MODEL_IDS } from "@locale/core/ai";
import { z } from "zod";

const ZLanguage = z.string().min(1).max(64);
const ZInstruction = z.string().max(10_000);

export const ZAiModelId = z.enum(MODEL_IDS);

export const ZProjectIdInput = z.object({ projectId: z.string() });

export const ZAiStatus = z.object({
  configured: z.boolean(),
  availableProviders: z.array(z.string()),
  availableModels: z.array(z.object({ id: z.string(), displayName: z.string(), provider: z.string() })),
});

export const ZTranslateTextRequest = z.object({
  projectId: z.string(),
  keyId: z.string().min(1),
  sourceLanguage: ZLanguage,
  targetLanguage: ZLanguage,
  sourceText: z.string().min(1).max(100_000),
  keyName: z.string().min(1).max(1000),
  keyDescription: z.string().max(10_000).optional(),
  toneInstruction: ZInstruction.optional().describe("Overrides the organization's toneInstructions for this request"),
  styleInstruction: ZInstruction.optional(),
  additionalContext: ZInstruction.optional(),
  model: ZAiModelId.optional(),
});

export const ZTranslateTextResponse = z.object({
  translation: z.string(),
  confidence: z.number().min(0).max(100),
  provider: z.string().describe("The model id used"),
});

export const ZBatchRequest = z.object({
  projectId: z.string(),
  sourceLanguage: ZLanguage,
  targetLanguage: ZLanguage,
  toneInstruction: ZInstruction.optional(),
  styleInstruction: ZInstruction.optional(),
  additionalContext: ZInstruction.optional(),
  model: ZAiModelId.optional(),
  limit: z.number().int().min(1).optional().describe("Keys to translate, default 50; values over 200 are clamped to 200"),
});

export const ZBatchResponse = z.object({
  translated: z.number(),
  failed: z.number(),
  skipped: z.number(),
  results: z.array(
    z.object({
      keyId: z.string(),
      key: z.string(),
      status: z.enum(["translated", "failed", "skipped"]),
      translation: z.string().optional(),
      confidence: z.number().optional(),
      error: z.string().optional(),
    }),
  ),
});

export const ZBatchJobStart = z.object({
  jobId: z.string(),
  total: z.number(),
  skipped: z.number(),
  totalKeys: z.number(),
  page: z.number(),
  hasMore: z.boolean(),
});

export const ZJobIdInput = z.object({ projectId: z.string(), jobId: z.string() });

export const ZCancelJobResponse = z.object({ jobId: z.string(), status: z.literal("cancelled") });
