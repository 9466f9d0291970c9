import type { TranslationStatus } from "@locale/db";
import type { ActivityAction } from "../activity/actions";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { loadKey } from "../keys/load-key";
import { loadProject } from "../projects/load-project";
import { rememberTranslation } from "../tm/remember-translation";
import { authorOf } from "./translation-author";
import { resolveProjectLanguage, type TranslationRecord, toTranslationRecord } from "./translation-record";
import { readSourceValues, writeTranslations } from "./write-translations";

/** The activity a status change records. */
export const STATUS_ACTION: Record<TranslationStatus, ActivityAction> = {
  untranslated: "translation.updated",
  translated: "translation.updated",
  reviewed: "translation.reviewed",
  approved: "translation.approved",
};

/**
 * Any jump is allowed (rolling back included); a status other than `untranslated` needs a value.
 * `reviewed`/`approved` need the review permission, the other two only the status permission.
 */
export async function updateTranslationStatus(
  ctx: ServiceContext,
  projectId: string,
  keyId: string,
  language: string,
  status: TranslationStatus,
): Promise<TranslationRecord> {
  const permission = status === "reviewed" || status === "approved" ? "translations.review" : "translations.status";
  const project = await loadProject(ctx, projectId, permission, { forWrite: true });
  const lang = resolveProjectLanguage(project, language);
  const key = await loadKey(ctx, project.id, keyId);
  return ctx.db.prisma.$transaction(async (tx) => {
    const { rows, changes } = await writeTranslations(tx, project.id, authorOf(ctx.actor), [{ keyId: key.id, language: lang, status }]);
    const change = changes[0];
    if (change) {
      await recordActivity(tx, ctx.actor, {
        action: STATUS_ACTION[status],
        projectId: project.id,
        targetId: change.translation.id,
        targetType: "translation",
        metadata: {
          keyId: key.id,
          key: key.key,
          namespace: key.namespace,
          language: lang,
          previousStatus: change.previousStatus,
          newStatus: status,
        },
      });
      if (status === "approved")
        await rememberTranslation(tx, { project, keyId: key.id, language: lang, value: change.newValue, reason: "approved" });
    }
    const sourceValue =
      lang === project.sourceLanguage ? null : ((await readSourceValues(tx, [key.id], project.sourceLanguage)).get(key.id) ?? "");
    return toTranslationRecord(key, lang, rows[0] ?? null, sourceValue);
  });
}
