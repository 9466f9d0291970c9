import { MT_ENGINE_IDS } from "@locale/core/mt";
import { z } from "zod";
import { ZBatchResponse } from "../ai/ai.types";

export const ZMtEngineId = z.enum(MT_ENGINE_IDS);

export const ZMtEngines = z.object({
  engines: z.array(z.object({ id: ZMtEngineId, displayName: z.string(), configured: z.boolean() })),
});

export const ZMtBatchRequest = z.object({
  projectId: z.string(),
  sourceLanguage: z.string().min(1).max(64),
  targetLanguage: z.string().min(1).max(64),
  engine: ZMtEngineId,
  limit: z.number().int().min(1).optional().describe("Keys to translate, default 50; values over 200 are clamped to 200"),
});

export const ZMtBatchResponse = ZBatchResponse;
