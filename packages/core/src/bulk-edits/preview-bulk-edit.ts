import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { makeBulkToken } from "./bulk-edit-token";
import type { BulkEditInput, BulkEditPreview } from "./bulk-edit-types";
import { normalizeBulkInput, permissionFor, planBulkEdit, readCells } from "./plan-bulk-edit";

/** How many before/after pairs a preview shows. */
export const PREVIEW_SAMPLES = 20;

/** What the edit would change, per language, with samples; writes nothing. */
export async function previewBulkEdit(ctx: ServiceContext, projectId: string, raw: BulkEditInput): Promise<BulkEditPreview> {
  const project = await loadProject(ctx, projectId, permissionFor(raw.operation), { forWrite: true });
  const input = normalizeBulkInput(project, raw);
  return ctx.db.prisma.$transaction(async (tx) => {
    const { cells, snapshot } = await readCells(tx, project, input, { snapshot: null, lock: false });
    const plan = await planBulkEdit(tx, project, input, cells);
    return {
      token: makeBulkToken(project.id, input, snapshot),
      values: plan.changes.length,
      keys: plan.keys,
      languages: plan.languages,
      samples: plan.changes.slice(0, PREVIEW_SAMPLES).map((c) => ({
        keyId: c.cell.keyId,
        key: c.cell.key,
        namespace: c.cell.namespace,
        language: c.cell.language,
        before: c.cell.value,
        after: c.value,
        statusBefore: c.cell.status,
        statusAfter: c.status,
      })),
      refused: plan.refused,
      refusedCount: plan.refusedCount,
    };
  });
}
