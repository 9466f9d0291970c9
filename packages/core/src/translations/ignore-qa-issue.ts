// Setting a stored quality-check issue aside for one translation (docs/quality-checks.md): every
// issue of that check on the translation's current value is marked `ignored` (or unmarked). An
// ignored issue no longer counts in the `?qa=` filters, the issue counts or `status --qa`; a new
// value is checked afresh and so clears it. The value, status and history are untouched.
import type { Prisma } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors/app-error";
import { loadKey } from "../keys/load-key";
import { loadProject } from "../projects/load-project";
import { isQaCheckId } from "../qa";
import { readStoredQaIssues, resolveProjectLanguage, type TranslationRecord, toTranslationRecord } from "./translation-record";
import { lockTranslations, readSourceValues } from "./write-translations";

export async function setQaIssueIgnored(
  ctx: ServiceContext,
  projectId: string,
  keyId: string,
  language: string,
  check: string,
  ignored: boolean,
): Promise<TranslationRecord> {
  if (!isQaCheckId(check)) throw badRequest(`check: "${check}" is not a quality check`, [{ path: "check", message: "unknown check" }]);
  const project = await loadProject(ctx, projectId, "translations.write", { forWrite: true });
  const lang = resolveProjectLanguage(project, language);
  const key = await loadKey(ctx, project.id, keyId);
  return ctx.db.prisma.$transaction(async (tx) => {
    await lockTranslations(tx, [{ keyId: key.id, language: lang }]);
    const row = await tx.translation.findUnique({ where: { keyId_language: { keyId: key.id, language: lang } } });
    const issues = readStoredQaIssues(row?.qaIssues);
    if (!row || !issues.some((i) => i.check === check)) throw notFound(`Quality issue "${check}" on this translation`);
    let changed = false;
    const next = issues.map((i) => {
      if (i.check !== check || (i.ignored === true) === ignored) return i;
      changed = true;
      const { ignored: _, ...rest } = i;
      return ignored ? { ...rest, ignored: true } : rest;
    });
    let saved = row;
    if (changed) {
      saved = await tx.translation.update({
        where: { id: row.id },
        data: { qaIssues: next as unknown as Prisma.InputJsonValue, updatedAt: row.updatedAt },
      });
      await recordActivity(tx, ctx.actor, {
        action: ignored ? "translation.qa_ignored" : "translation.qa_unignored",
        projectId: project.id,
        targetId: row.id,
        targetType: "translation",
        metadata: { keyId: key.id, key: key.key, namespace: key.namespace, language: lang, check },
      });
    }
    const sourceValue =
      lang === project.sourceLanguage ? null : ((await readSourceValues(tx, [key.id], project.sourceLanguage)).get(key.id) ?? "");
    return toTranslationRecord(key, lang, saved, sourceValue);
  });
}
