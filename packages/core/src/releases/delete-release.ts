// Deleting a release (docs/delivery.md): its number is never given again, and the release `latest`
// points at cannot be deleted (roll back first), so `latest` never serves a missing release.
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { conflict, notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { afterDeliveryChange } from "./delivery-changes";
import { DELIVERY_CHANNEL } from "./delivery-notify";

export async function deleteRelease(ctx: ServiceContext, projectId: string, version: number): Promise<{ success: true }> {
  const project = await loadProject(ctx, projectId, "releases.manage", { forWrite: true });
  return afterDeliveryChange(
    ctx,
    project.id,
    ctx.db.prisma.$transaction(async (tx) => {
      // Locks the channel: a rollback to this release cannot commit in between.
      const [channel] = await tx.$queryRaw<{ latestVersion: number | null }[]>`
      SELECT "latestVersion" FROM "DeliveryChannel" WHERE "projectId" = ${project.id} FOR UPDATE`;
      const release = await tx.release.findUnique({ where: { projectId_version: { projectId: project.id, version } } });
      if (!release) throw notFound("Release");
      if (channel?.latestVersion === version) {
        throw conflict("The release channel's latest is this release; roll back to another release before deleting it");
      }
      await tx.release.delete({ where: { id: release.id } });
      await recordActivity(tx, ctx.actor, {
        action: "release.deleted",
        projectId: project.id,
        targetId: release.id,
        targetType: "release",
        metadata: { version },
      });
      await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, ${project.id})`;
      return { success: true as const };
    }),
  );
}
