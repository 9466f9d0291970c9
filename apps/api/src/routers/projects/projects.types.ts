import { MODEL_IDS } from "@locale/core";
import { z } from "zod";

export const ZProject = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  sourceLanguage: z.string(),
  targetLanguages: z.array(z.string()),
  organization: z.string(),
  preferredModel: z.string().nullable(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ZModelId = z.enum(MODEL_IDS);

export const ZCreateProjectRequest = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(10_000).optional(),
  sourceLanguage: z.string().min(1).max(64),
  targetLanguages: z.array(z.string().min(1).max(64)).max(500).optional(),
  preferredModel: ZModelId.nullable().optional(),
});

export const ZUpdateProjectRequest = ZCreateProjectRequest.partial().extend({ id: z.string() });
export const ZProjectIdInput = z.object({ id: z.string() });
