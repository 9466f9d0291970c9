// POST /projects/:id/mt/translate/batch: translates up to `limit` untranslated keys of a language
// with one MT engine and saves each as it completes (source `mt`). The AI batch's languages,
// candidates and loop (concurrency, give-up rule of 5 consecutive failures), only the call and the
// save differ.

import { recordActivity } from "../activity/record-activity";
import { EMPTY_AI_CONFIG } from "../ai/ai-config";
import { batchLanguages, clampBatchLimit } from "../ai/batch-setup";
import { listBatchCandidates } from "../ai/list-batch-candidates";
import { runSyncBatch, type SyncBatchResult } from "../ai/run-sync-batch";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { assertAiCharactersLeft } from "../limits/ai-characters";
import { loadProject } from "../projects/load-project";
import { saveMachineTranslation } from "../translations/save-machine-translation";
import { MT_ENGINE_IDS, MT_ENGINES, type MtCredentials, type MtEngineId } from "./mt-engines";
import { mtCredentialsOf } from "./resolve-mt-engines";
import { translateWithEngine } from "./translate-with-engine";

export interface MtBatchInput {
  sourceLanguage: string;
  targetLanguage: string;
  engine: MtEngineId;
  limit?: number;
}

export interface MtEngineStatus {
  id: MtEngineId;
  displayName: string;
  configured: boolean;
}

/** The engine's credentials (organization first, then environment), or a 400 naming `engine` when it has none. */
export async function requireMtEngine(ctx: ServiceContext, organizationId: string, engine: MtEngineId): Promise<MtCredentials> {
  const org = await ctx.db.prisma.organization.findUnique({ where: { id: organizationId }, select: { settings: true } });
  const credentials = mtCredentialsOf(org?.settings, (ctx.config.ai ?? EMPTY_AI_CONFIG).mt)[engine];
  if (!credentials) {
    throw badRequest(
      `engine: ${MT_ENGINES[engine].displayName} is not configured: set a key in the organization settings (mtEngineKeys) or the server environment`,
      [{ path: "engine", message: "not configured" }],
    );
  }
  return credentials;
}

/** GET /projects/:id/mt/engines: every engine and whether the organization can use it. */
export async function listMtEngines(ctx: ServiceContext, projectId: string): Promise<{ engines: MtEngineStatus[] }> {
  await loadProject(ctx, projectId, "ai");
  const org = await ctx.db.prisma.organization.findUnique({ where: { id: ctx.actor.organizationId }, select: { settings: true } });
  const creds = mtCredentialsOf(org?.settings, (ctx.config.ai ?? EMPTY_AI_CONFIG).mt);
  return { engines: MT_ENGINE_IDS.map((id) => ({ id, displayName: MT_ENGINES[id].displayName, configured: !!creds[id] })) };
}

export async function mtTranslateBatch(ctx: ServiceContext, projectId: string, input: MtBatchInput): Promise<SyncBatchResult> {
  const project = await loadProject(ctx, projectId, "ai", { forWrite: true });
  const { sourceLanguage, targetLanguage } = batchLanguages(project, input);
  const engine = input.engine;
  const credentials = await requireMtEngine(ctx, project.organizationId, engine);
  const ai = ctx.config.ai ?? EMPTY_AI_CONFIG;
  // MT characters count against the AI characters quota (docs/api-rules.md, "Quotas").
  await assertAiCharactersLeft(ctx.db, ai.quotas, project.organizationId);
  const limit = clampBatchLimit(input.limit);
  const candidates = await listBatchCandidates(ctx.db, { projectId: project.id, sourceLanguage, targetLanguage, limit });
  const { aborted, ...summary } = await runSyncBatch(candidates, ai.maxConcurrency, async (c) => {
    const translation = await translateWithEngine(ctx, ai, {
      organizationId: project.organizationId,
      engine,
      credentials,
      sourceLanguage,
      targetLanguage,
      sourceText: c.sourceText,
    });
    const saved = await saveMachineTranslation(ctx.db, {
      origin: "mt",
      organizationId: project.organizationId,
      projectId: project.id,
      keyId: c.keyId,
      key: c.key,
      sourceLanguage,
      targetLanguage,
      sourceText: c.sourceText,
      translation,
      engine,
    });
    return saved ? { saved, translation } : { saved };
  });
  if (summary.results.length > 0) {
    await ctx.db.prisma.$transaction((tx) =>
      recordActivity(tx, ctx.actor, {
        action: "translation.batch_completed",
        projectId: project.id,
        targetType: "project",
        targetId: project.id,
        metadata: {
          language: targetLanguage,
          engine,
          total: summary.results.length,
          translated: summary.translated,
          failed: summary.failed,
          skipped: summary.skipped,
          aborted,
          synchronous: true,
        },
      }),
    );
  }
  return summary;
}
