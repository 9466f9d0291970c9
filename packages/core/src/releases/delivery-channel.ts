// A project's release channel (docs/delivery.md): where `latest` points and the public delivery id.
// Reading it is an export-level read; rolling back and rotating the id are `releases.manage`.
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { newDeliveryId } from "./create-release";
import { afterDeliveryChange } from "./delivery-changes";
import { DELIVERY_CHANNEL } from "./delivery-notify";
import { type DeliveryRecord, toDeliveryRecord } from "./release-record";

interface ChannelRow {
  deliveryId: string;
  latestVersion: number | null;
}

export async function getDelivery(ctx: ServiceContext, projectId: string): Promise<DeliveryRecord> {
  const project = await loadProject(ctx, projectId, "export");
  const [channel] = await ctx.db.query<ChannelRow>(`SELECT "deliveryId", "latestVersion" FROM "DeliveryChannel" WHERE "projectId" = $1`, [
    project.id,
  ]);
  return toDeliveryRecord(channel, ctx.config.publicUrl);
}

/** Points `latest` at an existing release (an older one: a rollback; a newer one rolls forward again). */
export async function rollbackRelease(ctx: ServiceContext, projectId: string, version: number): Promise<DeliveryRecord> {
  const project = await loadProject(ctx, projectId, "releases.manage", { forWrite: true });
  return afterDeliveryChange(
    ctx,
    project.id,
    ctx.db.prisma.$transaction(async (tx) => {
      const [channel] = await tx.$queryRaw<ChannelRow[]>`
      SELECT "deliveryId", "latestVersion" FROM "DeliveryChannel" WHERE "projectId" = ${project.id} FOR UPDATE`;
      const release = await tx.release.findUnique({ where: { projectId_version: { projectId: project.id, version } } });
      if (!release || !channel) throw notFound("Release");
      if (channel.latestVersion === version) return toDeliveryRecord(channel, ctx.config.publicUrl);
      const updated = await tx.deliveryChannel.update({ where: { projectId: project.id }, data: { latestVersion: version } });
      await recordActivity(tx, ctx.actor, {
        action: "release.rolled_back",
        projectId: project.id,
        targetId: release.id,
        targetType: "release",
        metadata: { version, previousVersion: channel.latestVersion },
      });
      await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, ${project.id})`;
      return toDeliveryRecord(updated, ctx.config.publicUrl);
    }),
  );
}

/** A new delivery id; the previous one answers 404 from then on (in every api process within a second). */
export async function rotateDeliveryId(ctx: ServiceContext, projectId: string): Promise<DeliveryRecord> {
  const project = await loadProject(ctx, projectId, "releases.manage", { forWrite: true });
  const deliveryId = newDeliveryId();
  return afterDeliveryChange(
    ctx,
    project.id,
    ctx.db.prisma.$transaction(async (tx) => {
      const channel = await tx.deliveryChannel.upsert({
        where: { projectId: project.id },
        create: { projectId: project.id, deliveryId },
        update: { deliveryId },
      });
      await recordActivity(tx, ctx.actor, {
        action: "delivery.rotated",
        projectId: project.id,
        targetId: project.id,
        targetType: "project",
        metadata: {},
      });
      await tx.$executeRaw`SELECT pg_notify(${DELIVERY_CHANNEL}, ${project.id})`;
      return toDeliveryRecord(channel, ctx.config.publicUrl);
    }),
  );
}
