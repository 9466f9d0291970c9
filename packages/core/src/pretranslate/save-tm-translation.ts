// Saves one value a pre-translation took from the translation memory: source `tm`, status
// `translated` (never reviewed: a person still looks at it), a history entry by `tm`, a
// `translation.tm_applied` activity. A context or 100 % match is used again, so its TM entry's
// usageCount grows; a fuzzy match's text belongs to another source and is not remembered for this
// one. Only an untranslated value is overwritten, as for AI and MT saves. The quality gate applies
// (writeTranslations throws its 422 before writing).
import type { Database, Prisma } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import { addTmEntry } from "../tm/add-tm-entry";
import { lockTranslations, writeTranslations } from "../translations/write-translations";
import type { TmMatchOrigin } from "./tm-match";

type Tx = Prisma.TransactionClient;

export interface TmSaveInput {
  organizationId: string;
  projectId: string;
  keyId: string;
  key: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  translation: string;
  origin: TmMatchOrigin;
  similarity: number;
  jobId?: string;
}

export const TM_AUTHOR = { changedBy: "tm", changedByName: "Translation memory" } as const;

/** Within the caller's transaction; false (nothing written) when the value is no longer untranslated. */
export async function saveTmTranslationInTx(tx: Tx, input: TmSaveInput): Promise<boolean> {
  await lockTranslations(tx, [{ keyId: input.keyId, language: input.targetLanguage }]);
  const current = await tx.translation.findUnique({
    where: { keyId_language: { keyId: input.keyId, language: input.targetLanguage } },
    select: { status: true },
  });
  if (current && current.status !== "untranslated") return false;
  await writeTranslations(tx, input.projectId, TM_AUTHOR, [
    { keyId: input.keyId, language: input.targetLanguage, value: input.translation, status: "translated", source: "tm" },
  ]);
  await recordActivity(
    tx,
    { system: "tm", organizationId: input.organizationId },
    {
      action: "translation.tm_applied",
      projectId: input.projectId,
      targetId: input.keyId,
      targetType: "translation",
      metadata: {
        key: input.key,
        language: input.targetLanguage,
        match: input.origin,
        similarity: input.similarity,
        ...(input.jobId ? { jobId: input.jobId } : {}),
      },
    },
  );
  if (input.origin !== "fuzzy") {
    await addTmEntry(tx, {
      organizationId: input.organizationId,
      sourceLanguage: input.sourceLanguage,
      targetLanguage: input.targetLanguage,
      sourceText: input.sourceText,
      targetText: input.translation,
    });
  }
  return true;
}

export function saveTmTranslation(db: Database, input: TmSaveInput): Promise<boolean> {
  return db.prisma.$transaction((tx) => saveTmTranslationInTx(tx, input));
}
