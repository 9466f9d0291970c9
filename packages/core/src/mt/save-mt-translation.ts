// Saves one machine translation: value with source `mt`, status `translated`, a history entry by
// `mt:<engine>` (the engine's name as the author's name), a `translation.mt_generated` activity
// and a TM entry, in one transaction. Only an untranslated value is overwritten: a person may
// have translated the key while the engine was working.
import type { Database, Prisma } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import { addTmEntry } from "../tm/add-tm-entry";
import { lockTranslations, writeTranslations } from "../translations/write-translations";
import { MT_ENGINES, type MtEngineId } from "./mt-engines";

type Tx = Prisma.TransactionClient;

export interface MtSaveInput {
  organizationId: string;
  projectId: string;
  keyId: string;
  key: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  translation: string;
  engine: MtEngineId;
  jobId?: string;
}

export const mtAuthor = (engine: MtEngineId) => ({ changedBy: `mt:${engine}`, changedByName: MT_ENGINES[engine].displayName });

/** Within the caller's transaction; false (nothing written) when the value is no longer untranslated. */
export async function saveMtTranslationInTx(tx: Tx, input: MtSaveInput): Promise<boolean> {
  await lockTranslations(tx, [{ keyId: input.keyId, language: input.targetLanguage }]);
  const current = await tx.translation.findUnique({
    where: { keyId_language: { keyId: input.keyId, language: input.targetLanguage } },
    select: { status: true },
  });
  if (current && current.status !== "untranslated") return false;
  await writeTranslations(tx, input.projectId, mtAuthor(input.engine), [
    { keyId: input.keyId, language: input.targetLanguage, value: input.translation, status: "translated", source: "mt" },
  ]);
  await recordActivity(
    tx,
    { system: "mt", organizationId: input.organizationId },
    {
      action: "translation.mt_generated",
      projectId: input.projectId,
      targetId: input.keyId,
      targetType: "translation",
      metadata: { key: input.key, language: input.targetLanguage, engine: input.engine, ...(input.jobId ? { jobId: input.jobId } : {}) },
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

export function saveMtTranslation(db: Database, input: MtSaveInput): Promise<boolean> {
  return db.prisma.$transaction((tx) => saveMtTranslationInTx(tx, input));
}
