import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { MAX_BULK_ITEMS } from "./key-record";

export interface BulkDeleteKeysResult {
  deleted: number;
  notFound: string[];
}

/** Deletes the listed keys of the project (translations cascade) in one transaction. */
export async function bulkDeleteKeys(ctx: ServiceContext, projectId: string, keyIds: string[]): Promise<BulkDeleteKeysResult> {
  if (keyIds.length > MAX_BULK_ITEMS)
    throw badRequest(`keyIds: at most ${MAX_BULK_ITEMS} items per request`, [
      { path: "keyIds", message: `at most ${MAX_BULK_ITEMS} items` },
    ]);
  const project = await loadProject(ctx, projectId, "keys.write", { forWrite: true });
  const ids = [...new Set(keyIds)];
  return ctx.db.prisma.$transaction(async (tx) => {
    const found = await tx.key.findMany({
      where: { projectId: project.id, id: { in: ids } },
      select: { id: true, key: true, namespace: true },
    });
    const foundIds = new Set(found.map((k) => k.id));
    if (found.length > 0) {
      await tx.key.deleteMany({ where: { projectId: project.id, id: { in: [...foundIds] } } });
      await recordActivity(tx, ctx.actor, {
        action: "key.deleted",
        projectId: project.id,
        targetType: "key",
        metadata: { bulk: true, count: found.length, keys: found.map((k) => ({ keyId: k.id, key: k.key, namespace: k.namespace })) },
      });
    }
    return { deleted: found.length, notFound: ids.filter((id) => !foundIds.has(id)) };
  });
}
