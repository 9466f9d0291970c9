// POST /ai/translate: one suggestion, saved nowhere (a client saves it with the PUT upsert).
import type { ServiceContext } from "../context";
import { AppError, notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { canonicalLanguage } from "../shared/languages";
import { EMPTY_AI_CONFIG } from "./ai-config";
import { ProviderError } from "./provider-error";
import { selectModel } from "./select-model";
import { loadAiOrgSettings, translateString } from "./translate-string";

export interface TranslateTextInput {
  keyId: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  keyName: string;
  keyDescription?: string;
  toneInstruction?: string;
  styleInstruction?: string;
  additionalContext?: string;
  model?: string;
}

export interface TranslateTextResult {
  translation: string;
  confidence: number;
  /** The model id used. */
  provider: string;
}

/** A provider failure becomes a 502 carrying the provider's own message. */
export function badGatewayOf(err: unknown): unknown {
  return err instanceof ProviderError ? new AppError("BAD_GATEWAY", err.message) : err;
}

export async function translateText(ctx: ServiceContext, projectId: string, input: TranslateTextInput): Promise<TranslateTextResult> {
  const project = await loadProject(ctx, projectId, "ai");
  const key = await ctx.db.prisma.key.findFirst({ where: { id: input.keyId, projectId: project.id } });
  if (!key) throw notFound("Key");
  const sourceLanguage = canonicalLanguage(input.sourceLanguage, "sourceLanguage");
  const targetLanguage = canonicalLanguage(input.targetLanguage, "targetLanguage");
  const ai = ctx.config.ai ?? EMPTY_AI_CONFIG;
  const org = await loadAiOrgSettings(ctx.db, ctx.actor.organizationId, ai);
  const model = selectModel({ requestModel: input.model, preferredModel: project.preferredModel }, ai, org);
  try {
    const answer = await translateString(ctx, ai, {
      organizationId: ctx.actor.organizationId,
      projectId: project.id,
      keyId: key.id,
      keyName: input.keyName,
      keyDescription: input.keyDescription ?? key.description,
      namespace: key.namespace,
      sourceLanguage,
      targetLanguage,
      sourceText: input.sourceText,
      tone: input.toneInstruction ?? org.toneInstructions,
      style: input.styleInstruction,
      additionalContext: input.additionalContext,
      model,
      credentials: org.credentials[model.provider]!,
    });
    return { translation: answer.translation, confidence: answer.confidence, provider: model.id };
  } catch (err) {
    throw badGatewayOf(err);
  }
}
