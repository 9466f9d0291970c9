import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { loadKey } from "./load-key";

/** Deletes a key; its translations, history and comments go with it (foreign-key cascade). */
export async function deleteKey(ctx: ServiceContext, projectId: string, keyId: string): Promise<{ success: true }> {
  const project = await loadProject(ctx, projectId, "keys.write", { forWrite: true });
  const key = await loadKey(ctx, project.id, keyId);
  await ctx.db.prisma.$transaction(async (tx) => {
    await tx.key.delete({ where: { id: key.id } });
    await recordActivity(tx, ctx.actor, {
      action: "key.deleted",
      projectId: project.id,
      targetId: key.id,
      targetType: "key",
      metadata: { keyId: key.id, key: key.key, namespace: key.namespace },
    });
  });
  return { success: true };
}
