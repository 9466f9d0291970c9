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
    // FOR UPDATE: a concurrent bulk delete of the same keys waits here and then no longer finds
    // them, so each key is counted (and its activity written) by one request only.
    const found = await tx.$queryRaw<Array<{ id: string; key: string; namespace: string }>>`
      SELECT "id", "key", "namespace" FROM "Key"
      WHERE "projectId" = ${project.id} AND "id" = ANY(${ids}::text[])
      ORDER BY "id" FOR UPDATE`;
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
