// Tenant scoping for everything under /projects/:projectId: a project of another organization,
// or outside a project token's project, is "not found" (existence is never leaked).
import type { Project } from "@locale/db";
import { assertCan, type Permission } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { conflict, notFound } from "../errors/app-error";

export interface LoadProjectOptions {
  /** Refuse archived projects (writes): 409 "Project is archived". */
  forWrite?: boolean;
}

export async function loadProject(
  ctx: ServiceContext,
  projectId: string,
  permission: Permission,
  options: LoadProjectOptions = {},
): Promise<Project> {
  if (ctx.actor.projectId && ctx.actor.projectId !== projectId) throw notFound("Project");
  // Raw SQL: every project-scoped request runs this, and it needs no ORM mapping.
  const [project] = await ctx.db.query<Project>(`SELECT * FROM "Project" WHERE "id" = $1 AND "organizationId" = $2`, [
    projectId,
    ctx.actor.organizationId,
  ]);
  if (!project) throw notFound("Project");
  assertCan(ctx.actor, permission);
  if (options.forWrite && project.archived) throw conflict("Project is archived");
  return project;
}
