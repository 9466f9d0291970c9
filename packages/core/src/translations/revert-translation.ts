import type { TranslationStatus } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import { can } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors/app-error";
import { loadKey } from "../keys/load-key";
import { loadProject } from "../projects/load-project";
import { rememberTranslation } from "../tm/remember-translation";
import { authorOf } from "./translation-author";
import { resolveProjectLanguage, type TranslationRecord, toTranslationRecord } from "./translation-record";
import { lockTranslations, readSourceValues, writeTranslations } from "./write-translations";

/**
 * Without `historyId`: undoes the newest change (restores its previous value and status).
 * With it: restores the value and status that entry produced. Either way the revert is itself a
 * recorded change by a human. A caller without the review permission cannot confer a review by
 * reverting: a restored `reviewed`/`approved` status becomes `translated` for them.
 */
export async function revertTranslation(
  ctx: ServiceContext,
  projectId: string,
  keyId: string,
  language: string,
  historyId?: string,
): Promise<TranslationRecord> {
  const project = await loadProject(ctx, projectId, "translations.write", { forWrite: true });
  const lang = resolveProjectLanguage(project, language);
  const key = await loadKey(ctx, project.id, keyId);
  return ctx.db.prisma.$transaction(async (tx) => {
    // Read the history under the same lock the write takes, so "newest" cannot move underneath.
    await lockTranslations(tx, [{ keyId: key.id, language: lang }]);
    const translation = await tx.translation.findUnique({
      where: { keyId_language: { keyId: key.id, language: lang } },
      select: { id: true },
    });
    const entry = translation
      ? historyId
        ? await tx.translationHistory.findFirst({ where: { id: historyId, translationId: translation.id } })
        : await tx.translationHistory.findFirst({
            where: { translationId: translation.id },
            orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          })
      : null;
    if (!entry) {
      if (historyId) throw notFound("History entry");
      throw badRequest("Nothing to revert: the translation has no history", [{ path: "", message: "the translation has no history" }]);
    }
    const value = historyId ? entry.newValue : (entry.previousValue ?? "");
    let status: TranslationStatus = historyId ? entry.newStatus : entry.previousStatus;
    if ((status === "reviewed" || status === "approved") && !can(ctx.actor, "translations.review")) status = "translated";
    if (value === "") status = "untranslated";
    const { rows, changes, sourceValueOf } = await writeTranslations(
      tx,
      project.id,
      authorOf(ctx.actor),
      [{ keyId: key.id, language: lang, value, status, source: "human" }],
      project,
    );
    const change = changes[0];
    if (change) {
      await recordActivity(tx, ctx.actor, {
        action: "translation.reverted",
        projectId: project.id,
        targetId: change.translation.id,
        targetType: "translation",
        metadata: {
          keyId: key.id,
          key: key.key,
          namespace: key.namespace,
          language: lang,
          historyId: entry.id,
          previousStatus: change.previousStatus,
          newStatus: change.newStatus,
        },
      });
      if (change.newStatus === "approved")
        await rememberTranslation(tx, { project, keyId: key.id, language: lang, value: change.newValue, reason: "approved" });
    }
    const sourceValue =
      lang === project.sourceLanguage
        ? null
        : (sourceValueOf(key.id) ?? (await readSourceValues(tx, [key.id], project.sourceLanguage)).get(key.id) ?? "");
    return toTranslationRecord(key, lang, rows[0] ?? null, sourceValue);
  });
}
