// POST /projects/:id/mt/translate/batch: translates up to `limit` untranslated keys of a language
// with one MT engine and saves each as it completes (source `mt`). Same candidates, concurrency
// and give-up rule (5 consecutive failures) as the synchronous AI batch.

import { recordActivity } from "../activity/record-activity";
import { EMPTY_AI_CONFIG } from "../ai/ai-config";
import { DEFAULT_BATCH_LIMIT, MAX_BATCH_LIMIT } from "../ai/batch-setup";
import { listBatchCandidates } from "../ai/list-batch-candidates";
import { type BatchItemResult, MAX_CONSECUTIVE_FAILURES, type SyncBatchResult } from "../ai/translate-batch";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { canonicalLanguage } from "../shared/languages";
import { MT_ENGINE_IDS, MT_ENGINES, type MtEngineId } from "./mt-engines";
import { mtCredentialsOf } from "./resolve-mt-engines";
import { saveMtTranslation } from "./save-mt-translation";
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

async function engineCredentials(ctx: ServiceContext, engine: MtEngineId) {
  const org = await ctx.db.prisma.organization.findUnique({ where: { id: ctx.actor.organizationId }, select: { settings: true } });
  return mtCredentialsOf(org?.settings, (ctx.config.ai ?? EMPTY_AI_CONFIG).mt)[engine];
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
  const sourceLanguage = canonicalLanguage(input.sourceLanguage, "sourceLanguage");
  const targetLanguage = canonicalLanguage(input.targetLanguage, "targetLanguage");
  if (![project.sourceLanguage, ...project.targetLanguages].includes(sourceLanguage)) {
    throw badRequest(`sourceLanguage: "${sourceLanguage}" is not a language of the project`, [
      { path: "sourceLanguage", message: "not a language of the project" },
    ]);
  }
  if (!project.targetLanguages.includes(targetLanguage) || targetLanguage === sourceLanguage) {
    throw badRequest(`targetLanguage: "${targetLanguage}" is not a target language of the project`, [
      { path: "targetLanguage", message: "not a target language of the project" },
    ]);
  }
  const engine = input.engine;
  const credentials = await engineCredentials(ctx, engine);
  if (!credentials) {
    throw badRequest(
      `engine: ${MT_ENGINES[engine].displayName} is not configured: set a key in the organization settings (mtEngineKeys) or the server environment`,
      [{ path: "engine", message: "not configured" }],
    );
  }
  const ai = ctx.config.ai ?? EMPTY_AI_CONFIG;
  const limit = Math.min(MAX_BATCH_LIMIT, Math.max(1, Math.floor(input.limit ?? DEFAULT_BATCH_LIMIT)));
  const candidates = await listBatchCandidates(ctx.db, { projectId: project.id, sourceLanguage, targetLanguage, limit });
  const results: (BatchItemResult | undefined)[] = new Array(candidates.keys.length);
  let consecutiveFailures = 0;
  let next = 0;

  async function lane(): Promise<void> {
    while (next < candidates.keys.length && consecutiveFailures < MAX_CONSECUTIVE_FAILURES) {
      const index = next++;
      const c = candidates.keys[index]!;
      const base = { keyId: c.keyId, key: c.key };
      try {
        const translation = await translateWithEngine(ctx.db, ai, {
          organizationId: project.organizationId,
          engine,
          credentials: credentials!,
          sourceLanguage,
          targetLanguage,
          sourceText: c.sourceText,
        });
        const saved = await saveMtTranslation(ctx.db, {
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
        consecutiveFailures = 0;
        results[index] = saved
          ? { ...base, status: "translated", translation }
          : { ...base, status: "skipped", error: "Translated by someone else meanwhile" };
      } catch (err) {
        consecutiveFailures++;
        results[index] = { ...base, status: "failed", error: err instanceof Error ? err.message : String(err) };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(ai.maxConcurrency, candidates.keys.length) }, lane));

  const done = results.map(
    (r, i) =>
      r ?? {
        keyId: candidates.keys[i]!.keyId,
        key: candidates.keys[i]!.key,
        status: "skipped" as const,
        error: `Not attempted: the batch stopped after ${MAX_CONSECUTIVE_FAILURES} consecutive failures`,
      },
  );
  const summary = {
    translated: done.filter((r) => r.status === "translated").length,
    failed: done.filter((r) => r.status === "failed").length,
    skipped: candidates.skipped + done.filter((r) => r.status === "skipped").length,
  };
  if (done.length > 0) {
    await ctx.db.prisma.$transaction((tx) =>
      recordActivity(tx, ctx.actor, {
        action: "translation.batch_completed",
        projectId: project.id,
        targetType: "project",
        targetId: project.id,
        metadata: {
          language: targetLanguage,
          engine,
          total: done.length,
          ...summary,
          aborted: consecutiveFailures >= MAX_CONSECUTIVE_FAILURES,
          synchronous: true,
        },
      }),
    );
  }
  return { ...summary, results: done };
}
