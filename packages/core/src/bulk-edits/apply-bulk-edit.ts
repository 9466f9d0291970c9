// Applies a bulk edit in one transaction: the selected rows are locked, read, planned (the same
// plan as the preview), and written with one history entry per changed value. Values the quality
// gate refuses are left as they are and reported; so are values changed after the preview whose
// token is given. One activity entry sums the edit up.
import type { TranslationStatus } from "@locale/db";
import type { ActivityAction } from "../activity/actions";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { recheckAfterSourceChange } from "../quality/qa-recheck";
import { rememberTranslation } from "../tm/remember-translation";
import { authorOf } from "../translations/translation-author";
import { readBulkToken } from "./bulk-edit-token";
import type { BulkEditInput, BulkEditResult } from "./bulk-edit-types";
import { writeBulkChanges } from "./bulk-writer";
import { normalizeBulkInput, permissionFor, planBulkEdit, readCells } from "./plan-bulk-edit";

const STATUS_ACTION: Record<TranslationStatus, ActivityAction> = {
  untranslated: "translation.updated",
  translated: "translation.updated",
  reviewed: "translation.reviewed",
  approved: "translation.approved",
};

export async function applyBulkEdit(
  ctx: ServiceContext,
  projectId: string,
  raw: BulkEditInput & { token?: string },
): Promise<BulkEditResult> {
  const project = await loadProject(ctx, projectId, permissionFor(raw.operation), { forWrite: true });
  const input = normalizeBulkInput(project, raw);
  const snapshot = raw.token === undefined ? null : readBulkToken(project.id, input, raw.token);
  const op = input.operation;
  return ctx.db.prisma.$transaction(async (tx) => {
    const { cells } = await readCells(tx, project, input, { snapshot, lock: true });
    const plan = await planBulkEdit(tx, project, input, cells);
    const written = await writeBulkChanges(tx, project.id, authorOf(ctx.actor), plan.changes);
    // New source values: the keys' other languages are checked against them now.
    const sourceKeys = written.filter((w) => w.change.valueChanged && w.change.cell.language === project.sourceLanguage);
    await recheckAfterSourceChange(
      tx,
      project,
      sourceKeys.map((w) => w.change.cell.keyId),
    );
    if (written.length > 0) {
      await recordActivity(tx, ctx.actor, {
        action: op.type === "setStatus" ? STATUS_ACTION[op.status] : "translation.updated",
        projectId: project.id,
        targetType: "translation",
        metadata: {
          bulk: true,
          source: "bulk",
          operation: op.type,
          count: written.length,
          languages: plan.languages.filter((l) => l.values > 0).map((l) => l.language),
        },
      });
      if (op.type === "setStatus" && op.status === "approved") {
        for (const w of written) {
          await rememberTranslation(tx, {
            project,
            keyId: w.change.cell.keyId,
            language: w.change.cell.language,
            value: w.change.value,
            reason: "approved",
          });
        }
      }
    }
    return {
      values: written.length,
      keys: plan.keys,
      languages: plan.languages,
      refused: plan.refused,
      refusedCount: plan.refusedCount,
      conflicts: plan.conflicts,
      conflictCount: plan.conflictCount,
    };
  });
}
