// POST /projects/:id/pretranslate: one background job per chosen target language, on the AI batch's
// machinery (AiJob of kind `pretranslate`: the same queue, worker, lease, SSE events, cancel and
// resume). Its keys are the AI batch's candidates (untranslated, with a source text, not pending in
// another job), narrowed by a namespace or chosen keys, all of them rather than a page. Each item
// takes a context match, then a TM match at or above `minSimilarity` (100: exact only), then, if
// asked, an MT engine or an LLM.
import type { Prisma } from "@locale/db";
import { EMPTY_AI_CONFIG } from "../ai/ai-config";
import { batchLanguages } from "../ai/batch-setup";
import { AI_JOBS_CHANNEL } from "../ai/job-events";
import { type BatchKeyFilter, listBatchCandidates } from "../ai/list-batch-candidates";
import { selectModel } from "../ai/select-model";
import { loadAiOrgSettings } from "../ai/translate-string";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { assertAiCharactersLeft } from "../limits/ai-characters";
import type { MtEngineId } from "../mt/mt-engines";
import { requireMtEngine } from "../mt/mt-translate-batch";
import { loadProject } from "../projects/load-project";
import { canonicalLanguage } from "../shared/languages";
import { fallbackColumn, PRETRANSLATE_KIND, type PretranslateFallback, type PretranslateOptions } from "./pretranslate-options";

export interface PretranslateInput {
  /** Default: the project's source language. */
  sourceLanguage?: string;
  /** Default: every target language of the project. */
  targetLanguages?: string[];
  /** 50–100, default 100 (context and 100 % matches only). */
  minSimilarity?: number;
  /** For what the TM leaves: an MT engine, or `ai` (an LLM, `model` or the usual choice). */
  engine?: MtEngineId | "ai";
  model?: string;
  namespace?: string;
  keyIds?: string[];
}

export interface PretranslateJob {
  jobId: string;
  targetLanguage: string;
  total: number;
  skipped: number;
  totalKeys: number;
}

async function resolveFallback(
  ctx: ServiceContext,
  organizationId: string,
  preferredModel: string | null,
  input: PretranslateInput,
): Promise<PretranslateFallback> {
  if (input.model && input.engine !== "ai") {
    throw badRequest('model: only with engine "ai"', [{ path: "model", message: 'only with engine "ai"' }]);
  }
  if (!input.engine) return { type: "none" };
  const ai = ctx.config.ai ?? EMPTY_AI_CONFIG;
  if (input.engine === "ai") {
    const org = await loadAiOrgSettings(ctx.db, organizationId, ai);
    const model = selectModel({ requestModel: input.model, preferredModel }, ai, org);
    return { type: "ai", model: model.id };
  }
  await requireMtEngine(ctx, organizationId, input.engine);
  return { type: "mt", engine: input.engine };
}

/** Chosen keys must all be the project's: another project's key answers like an unknown one. */
async function assertKeysOfProject(ctx: ServiceContext, projectId: string, keyIds: string[]): Promise<void> {
  const unique = [...new Set(keyIds)];
  const found = await ctx.db.prisma.key.count({ where: { projectId, id: { in: unique } } });
  if (found !== unique.length) {
    throw badRequest(`keyIds: ${unique.length - found} of the keys are not keys of this project`, [
      { path: "keyIds", message: "not keys of this project" },
    ]);
  }
}

export async function startPretranslate(
  ctx: ServiceContext,
  projectId: string,
  input: PretranslateInput,
): Promise<{ jobs: PretranslateJob[] }> {
  // It writes translations: an archived project refuses it like any other write.
  const project = await loadProject(ctx, projectId, "ai", { forWrite: true });
  const source = input.sourceLanguage ? canonicalLanguage(input.sourceLanguage, "sourceLanguage") : project.sourceLanguage;
  const targets = [...new Set((input.targetLanguages ?? project.targetLanguages).map((l) => canonicalLanguage(l, "targetLanguages")))];
  if (targets.length === 0) {
    throw badRequest("targetLanguages: the project has no target languages", [{ path: "targetLanguages", message: "none" }]);
  }
  const languages = targets.map((target) => {
    try {
      return batchLanguages(project, { sourceLanguage: source, targetLanguage: target });
    } catch (err) {
      // Name the list in the error, not the single-language field of the AI batch.
      if (err instanceof Error && err.message.startsWith("targetLanguage:")) {
        throw badRequest(`targetLanguages: "${target}" is not a target language of the project`, [
          { path: "targetLanguages", message: "not a target language of the project" },
        ]);
      }
      throw err;
    }
  });
  const minSimilarity = Math.ceil(input.minSimilarity ?? 100);
  if (!(minSimilarity >= 50 && minSimilarity <= 100)) {
    throw badRequest("minSimilarity: must be a number from 50 to 100", [{ path: "minSimilarity", message: "must be from 50 to 100" }]);
  }
  const fallback = await resolveFallback(ctx, project.organizationId, project.preferredModel, input);
  if (fallback.type !== "none") await assertAiCharactersLeft(ctx.db, (ctx.config.ai ?? EMPTY_AI_CONFIG).quotas, project.organizationId);
  const options: PretranslateOptions = { minSimilarity, fallback };
  const filter: BatchKeyFilter = { namespace: input.namespace, keyIds: input.keyIds };
  if (input.keyIds) await assertKeysOfProject(ctx, project.id, input.keyIds);

  const jobs: PretranslateJob[] = [];
  for (const { sourceLanguage, targetLanguage } of languages) {
    const candidates = await listBatchCandidates(ctx.db, { projectId: project.id, sourceLanguage, targetLanguage, limit: null, filter });
    const job = await ctx.db.prisma.$transaction(
      async (tx) => {
        const created = await tx.aiJob.create({
          data: {
            organizationId: project.organizationId,
            projectId: project.id,
            createdById: ctx.actor.userId,
            kind: PRETRANSLATE_KIND,
            sourceLanguage,
            targetLanguage,
            model: fallbackColumn(fallback),
            options: options as unknown as Prisma.InputJsonValue,
            total: candidates.keys.length,
            skipped: candidates.skipped,
          },
        });
        // One statement for every item (an array is one parameter): Prisma's createMany of 100,000
        // items cost seconds of the request.
        await tx.$executeRawUnsafe(
          `INSERT INTO "AiJobItem" ("id", "jobId", "keyId", "position", "status", "updatedAt")
           SELECT uuid_v7(), $1, k."keyId", (k.n - 1)::int, 'pending', now() FROM unnest($2::text[]) WITH ORDINALITY AS k("keyId", n)`,
          created.id,
          candidates.keys.map((k) => k.keyId),
        );
        return created;
      },
      { timeout: 120_000 },
    );
    await ctx.db.notify(AI_JOBS_CHANNEL, job.id);
    jobs.push({
      jobId: job.id,
      targetLanguage,
      total: candidates.keys.length,
      skipped: candidates.skipped,
      totalKeys: candidates.totalKeys,
    });
  }
  return { jobs };
}
