import type { ServiceContext } from "../context";
import { recordActivity } from "../activity/record-activity";
import { loadProject } from "./load-project";
import { toProjectRecord, type ProjectRecord } from "./project-record";

/** Archives (soft-deletes) a project: read-only, kept for the recovery period. Idempotent. */
export async function archiveProject(ctx: ServiceContext, projectId: string): Promise<ProjectRecord> {
  const project = await loadProject(ctx, projectId, "projects.write");
  if (project.archived) return toProjectRecord(project);
  const updated = await ctx.db.prisma.$transaction(async (tx) => {
    const row = await tx.project.update({ where: { id: project.id }, data: { archived: true, archivedAt: new Date() } });
    await recordActivity(tx, ctx.actor, {
      action: "project.archived",
      projectId: project.id,
      targetId: project.id,
      targetType: "project",
      metadata: { projectId: project.id, name: project.name },
    });
    return row;
  });
  return toProjectRecord(updated);
}

/** Makes an archived project active again. Idempotent. */
export async function restoreProject(ctx: ServiceContext, projectId: string): Promise<ProjectRecord> {
  const project = await loadProject(ctx, projectId, "projects.write");
  if (!project.archived) return toProjectRecord(project);
  const updated = await ctx.db.prisma.$transaction(async (tx) => {
    const row = await tx.project.update({ where: { id: project.id }, data: { archived: false, archivedAt: null } });
    await recordActivity(tx, ctx.actor, {
      action: "project.restored",
      projectId: project.id,
      targetId: project.id,
      targetType: "project",
      metadata: { projectId: project.id, name: project.name },
    });
    return row;
  });
  return toProjectRecord(updated);
}
