import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { loadKey } from "../keys/load-key";
import { loadProject } from "../projects/load-project";
import { rememberTranslation } from "../tm/remember-translation";
import { authorOf } from "./translation-author";
import { resolveProjectLanguage, type TranslationRecord, toTranslationRecord } from "./translation-record";
import { readSourceValues, writeTranslations } from "./write-translations";

export interface UpsertTranslationInput {
  value: string;
  /** Default `human`. */
  source?: "human" | "ai";
  /** 0-100, only with `source: "ai"`. */
  aiConfidence?: number | null;
}

/**
 * PUT: creates or updates one translation. The same value again changes nothing and records no
 * history, so clients can retry freely.
 */
export async function upsertTranslation(
  ctx: ServiceContext,
  projectId: string,
  keyId: string,
  language: string,
  input: UpsertTranslationInput,
): Promise<TranslationRecord> {
  const project = await loadProject(ctx, projectId, "translations.write", { forWrite: true });
  const lang = resolveProjectLanguage(project, language);
  const key = await loadKey(ctx, project.id, keyId);
  const source = input.source ?? "human";
  if (source !== "ai" && input.aiConfidence !== undefined && input.aiConfidence !== null) {
    throw badRequest(`aiConfidence: only allowed when source is "ai"`, [
      { path: "aiConfidence", message: `only allowed when source is "ai"` },
    ]);
  }
  return ctx.db.prisma.$transaction(async (tx) => {
    const { rows, changes } = await writeTranslations(
      tx,
      project.id,
      authorOf(ctx.actor),
      [{ keyId: key.id, language: lang, value: input.value, source, aiConfidence: input.aiConfidence ?? null }],
      project,
    );
    const change = changes[0];
    if (change) {
      await recordActivity(tx, ctx.actor, {
        action: source === "ai" ? "translation.ai_generated" : change.created ? "translation.created" : "translation.updated",
        projectId: project.id,
        targetId: change.translation.id,
        targetType: "translation",
        metadata: {
          keyId: key.id,
          key: key.key,
          namespace: key.namespace,
          language: lang,
          source,
          previousStatus: change.previousStatus,
          newStatus: change.newStatus,
          ...(source === "ai" ? { aiConfidence: change.translation.aiConfidence } : {}),
        },
      });
      if (source === "ai") await rememberTranslation(tx, { project, keyId: key.id, language: lang, value: change.newValue, reason: "ai" });
    }
    const sourceValue =
      lang === project.sourceLanguage ? null : ((await readSourceValues(tx, [key.id], project.sourceLanguage)).get(key.id) ?? "");
    return toTranslationRecord(key, lang, rows[0] ?? null, sourceValue);
  });
}
