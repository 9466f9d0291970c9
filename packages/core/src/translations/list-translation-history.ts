import type { TranslationHistory, TranslationSource, TranslationStatus } from "@locale/db";
import type { ServiceContext } from "../context";
import { loadKey } from "../keys/load-key";
import { loadProject } from "../projects/load-project";
import { iso } from "../shared/dates";
import { resolveProjectLanguage } from "./translation-record";

export interface TranslationHistoryRecord {
  _id: string;
  previousValue: string | null;
  newValue: string;
  previousStatus: TranslationStatus;
  newStatus: TranslationStatus;
  changedBy: string;
  changedByName: string | null;
  source: TranslationSource;
  created: string;
}

export const toHistoryRecord = (h: TranslationHistory): TranslationHistoryRecord => ({
  _id: h.id,
  previousValue: h.previousValue,
  newValue: h.newValue,
  previousStatus: h.previousStatus,
  newStatus: h.newStatus,
  changedBy: h.changedBy,
  changedByName: h.changedByName,
  source: h.source,
  created: iso(h.createdAt),
});

/** Every change of one translation, newest first. */
export async function listTranslationHistory(
  ctx: ServiceContext,
  projectId: string,
  keyId: string,
  language: string,
): Promise<TranslationHistoryRecord[]> {
  const project = await loadProject(ctx, projectId, "translations.read");
  const lang = resolveProjectLanguage(project, language);
  const key = await loadKey(ctx, project.id, keyId);
  const translation = await ctx.db.prisma.translation.findUnique({
    where: { keyId_language: { keyId: key.id, language: lang } },
    select: { id: true },
  });
  if (!translation) return [];
  const entries = await ctx.db.prisma.translationHistory.findMany({
    where: { translationId: translation.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return entries.map(toHistoryRecord);
}
