import type { ServiceContext } from "../context";
import { loadProject } from "./load-project";
import { type ProjectRecord, toProjectRecord } from "./project-record";

export async function getProject(ctx: ServiceContext, projectId: string): Promise<ProjectRecord> {
  return toProjectRecord(await loadProject(ctx, projectId, "projects.read"));
}
