// Permanent deletion: all project data goes (cascades); activity has no foreign key to projects,
// so the organization's entries stay, plus a final organization-level `project.deleted`. Screenshot
// objects in object storage are queued in the same transaction and deleted after the commit,
// without holding up the answer; what fails is retried by the worker's sweep.
import type { Project } from "@locale/db";
import { type ActivityAuthor, recordActivity } from "../activity/record-activity";
import type { ServiceContext, SystemContext } from "../context";
import { forbidden } from "../errors/app-error";
import { cleanUpAfterCommit, queueProjectObjectCleanup } from "../screenshots/object-cleanup";
import { loadProject } from "./load-project";

async function deleteProjectRow(ctx: SystemContext, project: Project, author: ActivityAuthor, reason: string): Promise<void> {
  const objects = await ctx.db.prisma.$transaction(async (tx) => {
    const keys = await queueProjectObjectCleanup(tx, project.id);
    await tx.project.delete({ where: { id: project.id } });
    await recordActivity(tx, author, {
      action: "project.deleted",
      projectId: null,
      targetId: project.id,
      targetType: "project",
      metadata: { projectId: project.id, name: project.name, reason },
    });
    return keys;
  });
  void cleanUpAfterCommit(ctx, objects);
}

/** Only the owner, signed in with a session, may do this; API keys and other roles get 403. */
export async function deleteProjectPermanently(ctx: ServiceContext, projectId: string): Promise<{ success: true }> {
  const project = await loadProject(ctx, projectId, "projects.read");
  if (ctx.actor.via !== "session" || ctx.actor.role !== "owner") throw forbidden();
  await deleteProjectRow(ctx, project, ctx.actor, "deleted by owner");
  return { success: true };
}

/** The worker's purge: projects archived longer than the retention period. Returns how many. */
export async function purgeExpiredProjects(ctx: SystemContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.projectRetentionDays * 24 * 60 * 60 * 1000);
  const expired = await ctx.db.prisma.project.findMany({ where: { archived: true, archivedAt: { lte: cutoff } } });
  for (const project of expired) {
    await deleteProjectRow(ctx, project, { system: "retention-purge", organizationId: project.organizationId }, "retention period expired");
  }
  return expired.length;
}
