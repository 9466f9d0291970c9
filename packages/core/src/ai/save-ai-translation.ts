// Saves one AI translation produced by a batch (synchronous or a job): value with source `ai`,
// status `translated`, the confidence, a history entry by "ai", a `translation.ai_generated`
// activity and a translation-memory entry — in one transaction, together with whatever the caller
// adds (a job's item status and progress event). Only an untranslated value is overwritten: a
// person may have translated the key while the model was working.
import type { Database, Prisma } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import { addTmEntry } from "../tm/add-tm-entry";
import { lockTranslations, writeTranslations } from "../translations/write-translations";

type Tx = Prisma.TransactionClient;

export interface AiSaveInput {
  organizationId: string;
  projectId: string;
  keyId: string;
  key: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  translation: string;
  confidence: number;
  model: string;
  jobId?: string;
}

export const AI_AUTHOR = { changedBy: "ai", changedByName: null } as const;

/** Within the caller's transaction; returns false (nothing written) when the value is no longer untranslated. */
export async function saveAiTranslationInTx(tx: Tx, input: AiSaveInput): Promise<boolean> {
  await lockTranslations(tx, [{ keyId: input.keyId, language: input.targetLanguage }]);
  const current = await tx.translation.findUnique({
    where: { keyId_language: { keyId: input.keyId, language: input.targetLanguage } },
    select: { status: true, value: true },
  });
  if (current && current.status !== "untranslated") return false;
  await writeTranslations(tx, input.projectId, AI_AUTHOR, [
    {
      keyId: input.keyId,
      language: input.targetLanguage,
      value: input.translation,
      status: "translated",
      source: "ai",
      aiConfidence: input.confidence,
    },
  ]);
  await recordActivity(
    tx,
    { system: "ai", organizationId: input.organizationId },
    {
      action: "translation.ai_generated",
      projectId: input.projectId,
      targetId: input.keyId,
      targetType: "translation",
      metadata: {
        key: input.key,
        language: input.targetLanguage,
        confidence: input.confidence,
        model: input.model,
        ...(input.jobId ? { jobId: input.jobId } : {}),
      },
    },
  );
  await addTmEntry(tx, {
    organizationId: input.organizationId,
    sourceLanguage: input.sourceLanguage,
    targetLanguage: input.targetLanguage,
    sourceText: input.sourceText,
    targetText: input.translation,
  });
  return true;
}

export async function saveAiTranslation(db: Database, input: AiSaveInput): Promise<boolean> {
  return db.prisma.$transaction((tx) => saveAiTranslationInTx(tx, input));
}
