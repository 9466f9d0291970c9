import type { ServiceContext } from "../context";
import { loadProject } from "./load-project";
import { type ProjectRecord, toProjectRecord } from "./project-record";
import { saveProjectChange } from "./save-project-change";

/** Archives (soft-deletes) a project: read-only, kept for the recovery period. Idempotent. */
export async function archiveProject(ctx: ServiceContext, projectId: string): Promise<ProjectRecord> {
  const project = await loadProject(ctx, projectId, "projects.write");
  if (project.archived) return toProjectRecord(project);
  return saveProjectChange(ctx, project, { archived: true, archivedAt: new Date() }, "project.archived");
}

/** Makes an archived project active again. Idempotent. */
export async function restoreProject(ctx: ServiceContext, projectId: string): Promise<ProjectRecord> {
  const project = await loadProject(ctx, projectId, "projects.write");
  if (!project.archived) return toProjectRecord(project);
  return saveProjectChange(ctx, project, { archived: false, archivedAt: null }, "project.restored");
}
