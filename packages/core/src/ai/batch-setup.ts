// Validation shared by the synchronous batch and batch jobs: project access, languages, model.
import type { Project } from "@locale/db";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { assertAiCharactersLeft } from "../limits/ai-characters";
import { loadProject } from "../projects/load-project";
import { canonicalLanguage } from "../shared/languages";
import { type AiConfig, EMPTY_AI_CONFIG } from "./ai-config";
import type { ModelInfo } from "./model-registry";
import type { AiOrgSettings } from "./resolve-providers";
import { selectModel } from "./select-model";
import { loadAiOrgSettings } from "./translate-string";

export interface BatchInput {
  sourceLanguage: string;
  targetLanguage: string;
  toneInstruction?: string;
  styleInstruction?: string;
  additionalContext?: string;
  model?: string;
  limit?: number;
}

export interface BatchOptions {
  toneInstruction?: string;
  styleInstruction?: string;
  additionalContext?: string;
}

export interface BatchSetup {
  project: Project;
  sourceLanguage: string;
  targetLanguage: string;
  model: ModelInfo;
  org: AiOrgSettings;
  ai: AiConfig;
  limit: number;
  options: BatchOptions;
}

export const DEFAULT_BATCH_LIMIT = 50;
export const MAX_BATCH_LIMIT = 200;

/** The source and target language of a batch, canonical, checked against the project's languages. */
export function batchLanguages(
  project: Project,
  input: { sourceLanguage: string; targetLanguage: string },
): { sourceLanguage: string; targetLanguage: string } {
  const sourceLanguage = canonicalLanguage(input.sourceLanguage, "sourceLanguage");
  const targetLanguage = canonicalLanguage(input.targetLanguage, "targetLanguage");
  const languages = [project.sourceLanguage, ...project.targetLanguages];
  if (!languages.includes(sourceLanguage)) {
    throw badRequest(`sourceLanguage: "${sourceLanguage}" is not a language of the project`, [
      { path: "sourceLanguage", message: "not a language of the project" },
    ]);
  }
  if (!project.targetLanguages.includes(targetLanguage) || targetLanguage === sourceLanguage) {
    throw badRequest(`targetLanguage: "${targetLanguage}" is not a target language of the project`, [
      { path: "targetLanguage", message: "not a target language of the project" },
    ]);
  }
  return { sourceLanguage, targetLanguage };
}

/** Default 50, at most 200: a larger limit is clamped, like pagination (docs/api-rules.md, "AI translation"). */
export const clampBatchLimit = (limit: number | undefined): number =>
  Math.min(MAX_BATCH_LIMIT, Math.max(1, Math.floor(limit ?? DEFAULT_BATCH_LIMIT)));

export async function prepareBatch(ctx: ServiceContext, projectId: string, input: BatchInput): Promise<BatchSetup> {
  // Batches write translations: an archived project refuses them like any other write.
  const project = await loadProject(ctx, projectId, "ai", { forWrite: true });
  const { sourceLanguage, targetLanguage } = batchLanguages(project, input);
  const ai = ctx.config.ai ?? EMPTY_AI_CONFIG;
  const org = await loadAiOrgSettings(ctx.db, ctx.actor.organizationId, ai);
  const model = selectModel({ requestModel: input.model, preferredModel: project.preferredModel }, ai, org);
  await assertAiCharactersLeft(ctx.db, ai.quotas, project.organizationId);
  const limit = clampBatchLimit(input.limit);
  return {
    project,
    sourceLanguage,
    targetLanguage,
    model,
    org,
    ai,
    limit,
    options: {
      toneInstruction: input.toneInstruction,
      styleInstruction: input.styleInstruction,
      additionalContext: input.additionalContext,
    },
  };
}
