import { assertCan } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { type ProjectRecord, toProjectRecord } from "./project-record";

/** Active projects (plus archived ones on request); a project token sees only its project. */
export async function listProjects(ctx: ServiceContext, input: { includeArchived?: boolean }): Promise<ProjectRecord[]> {
  assertCan(ctx.actor, "projects.read");
  const projects = await ctx.db.prisma.project.findMany({
    where: {
      organizationId: ctx.actor.organizationId,
      ...(ctx.actor.projectId ? { id: ctx.actor.projectId } : {}),
      ...(input.includeArchived ? {} : { archived: false }),
    },
    orderBy: { createdAt: "asc" },
  });
  return projects.map(toProjectRecord);
}
