// Saves one value a machine produced — the translation memory during a pre-translation (`tm`), a
// machine translation engine (`mt`) or an LLM (`ai`) — in one transaction, together with whatever
// the caller adds (a job's item status and progress event): the value with that source and status
// `translated` (never reviewed: a person still looks at it), a history entry by the machine, the
// origin's activity and a translation-memory entry. Only an untranslated value is overwritten: a
// person may have translated the key while the machine was working. The quality gate applies
// (writeTranslations throws its 422 before writing).
//
// What differs by origin:
//   tm  author `tm` ("Translation memory"), `translation.tm_applied` {match, similarity}; a context
//       or 100 % match is used again, so its TM entry's usageCount grows; a fuzzy match's text
//       belongs to another source and is not remembered for this one.
//   mt  author `mt:<engine>` (the engine's name), `translation.mt_generated` {engine}.
//   ai  author `ai` (no name), the model's confidence on the value, `translation.ai_generated`
//       {confidence, model}.
import type { Database, Prisma } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import { MT_ENGINES, type MtEngineId } from "../mt/mt-engines";
import type { TmMatchOrigin } from "../pretranslate/tm-match";
import { addTmEntry } from "../tm/add-tm-entry";
import { lockTranslations, type TranslationAuthor, type TranslationWrite, writeTranslations } from "./write-translations";

type Tx = Prisma.TransactionClient;

interface MachineSaveCommon {
  organizationId: string;
  projectId: string;
  keyId: string;
  key: string;
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  translation: string;
  jobId?: string;
}

/** The origin and what only it carries. */
export type MachineOrigin =
  | { origin: "tm"; match: TmMatchOrigin; similarity: number }
  | { origin: "mt"; engine: MtEngineId }
  | { origin: "ai"; confidence: number; model: string };

export type MachineSaveInput = MachineSaveCommon & MachineOrigin;

const authorOf = (input: MachineOrigin): TranslationAuthor => {
  if (input.origin === "tm") return { changedBy: "tm", changedByName: "Translation memory" };
  if (input.origin === "mt") return { changedBy: `mt:${input.engine}`, changedByName: MT_ENGINES[input.engine].displayName };
  return { changedBy: "ai", changedByName: null };
};

const ACTIONS = { tm: "translation.tm_applied", mt: "translation.mt_generated", ai: "translation.ai_generated" } as const;

const metadataOf = (input: MachineOrigin): Record<string, unknown> => {
  if (input.origin === "tm") return { match: input.match, similarity: input.similarity };
  if (input.origin === "mt") return { engine: input.engine };
  return { confidence: input.confidence, model: input.model };
};

/** Within the caller's transaction; false (nothing written) when the value is no longer untranslated. */
export async function saveMachineTranslationInTx(tx: Tx, input: MachineSaveInput): Promise<boolean> {
  await lockTranslations(tx, [{ keyId: input.keyId, language: input.targetLanguage }]);
  const current = await tx.translation.findUnique({
    where: { keyId_language: { keyId: input.keyId, language: input.targetLanguage } },
    select: { status: true },
  });
  if (current && current.status !== "untranslated") return false;
  const write: TranslationWrite = {
    keyId: input.keyId,
    language: input.targetLanguage,
    value: input.translation,
    status: "translated",
    source: input.origin,
    ...(input.origin === "ai" ? { aiConfidence: input.confidence } : {}),
  };
  await writeTranslations(tx, input.projectId, authorOf(input), [write]);
  await recordActivity(
    tx,
    { system: input.origin, organizationId: input.organizationId },
    {
      action: ACTIONS[input.origin],
      projectId: input.projectId,
      targetId: input.keyId,
      targetType: "translation",
      metadata: {
        key: input.key,
        language: input.targetLanguage,
        ...metadataOf(input),
        ...(input.jobId ? { jobId: input.jobId } : {}),
      },
    },
  );
  if (!(input.origin === "tm" && input.match === "fuzzy")) {
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

export function saveMachineTranslation(db: Database, input: MachineSaveInput): Promise<boolean> {
  return db.prisma.$transaction((tx) => saveMachineTranslationInTx(tx, input));
}
