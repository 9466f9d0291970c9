import type { TranslationStatus } from "@locale/db";
import { recordActivity } from "../activity/record-activity";
import { assertCan } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { loadKey } from "../keys/load-key";
import { loadProject } from "../projects/load-project";
import { rememberTranslation } from "../tm/remember-translation";
import { authorOf } from "./translation-author";
import { resolveProjectLanguage, type TranslationRecord, toTranslationRecord } from "./translation-record";
import { STATUS_ACTION } from "./update-translation-status";
import { readSourceValues, writeTranslations } from "./write-translations";

export interface UpsertTranslationInput {
  value: string;
  /** Default `human`. */
  source?: "human" | "ai";
  /** 0-100, only with `source: "ai"`. */
  aiConfidence?: number | null;
  /**
   * The status the value is stored with. Undefined derives it (a changed value becomes
   * `translated`, an unchanged one keeps its status); `reviewed`/`approved` need the review
   * permission as well, like the status endpoint.
   */
  status?: TranslationStatus;
}

const REVIEW_STATUSES: readonly TranslationStatus[] = ["reviewed", "approved"];

/**
 * PUT: creates or updates one translation, optionally setting its status in the same write. The
 * same value (and status) again changes nothing and records no history, so clients can retry freely.
 */
export async function upsertTranslation(
  ctx: ServiceContext,
  projectId: string,
  keyId: string,
  language: string,
  input: UpsertTranslationInput,
): Promise<TranslationRecord> {
  const project = await loadProject(ctx, projectId, "translations.write", { forWrite: true });
  const reviews = input.status !== undefined && REVIEW_STATUSES.includes(input.status);
  // Approving along with the value is approving: whoever may not approve is refused before anything is written.
  if (reviews) assertCan(ctx.actor, "translations.review");
  const lang = resolveProjectLanguage(project, language);
  const key = await loadKey(ctx, project.id, keyId);
  const source = input.source ?? "human";
  if (source !== "ai" && input.aiConfidence !== undefined && input.aiConfidence !== null) {
    throw badRequest(`aiConfidence: only allowed when source is "ai"`, [
      { path: "aiConfidence", message: `only allowed when source is "ai"` },
    ]);
  }
  // Outside Prisma's interactive transaction (Database.transaction; issue 26): every step below
  // is raw SQL, and this is the write every translator makes all day.
  return ctx.db.transaction(async (tx) => {
    const { rows, changes, sourceValueOf } = await writeTranslations(
      tx,
      project.id,
      authorOf(ctx.actor),
      [{ keyId: key.id, language: lang, value: input.value, status: input.status, source, aiConfidence: input.aiConfidence ?? null }],
      project,
      new Map([[key.id, key.maxLength]]),
    );
    const change = changes[0];
    if (change?.valueChanged) {
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
    // The status change as the status endpoint records it, when the value's entry does not tell
    // it all: a status change of an unchanged value, and a review or approval (of a new value
    // too), which has its own action and webhook event wherever it happens.
    if (change && (reviews || !change.valueChanged)) {
      await recordActivity(tx, ctx.actor, {
        action: STATUS_ACTION[change.newStatus],
        projectId: project.id,
        targetId: change.translation.id,
        targetType: "translation",
        metadata: {
          keyId: key.id,
          key: key.key,
          namespace: key.namespace,
          language: lang,
          previousStatus: change.previousStatus,
          newStatus: change.newStatus,
        },
      });
      // An AI value is in the memory already (above); one save adds it once.
      if (change.newStatus === "approved" && !(source === "ai" && change.valueChanged))
        await rememberTranslation(tx, { project, keyId: key.id, language: lang, value: change.newValue, reason: "approved" });
    }
    const sourceValue =
      lang === project.sourceLanguage
        ? null
        : (sourceValueOf(key.id) ?? (await readSourceValues(tx, [key.id], project.sourceLanguage)).get(key.id) ?? "");
    return toTranslationRecord(key, lang, rows[0] ?? null, sourceValue);
  });
}
