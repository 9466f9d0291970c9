import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import type { Page } from "../shared/pagination";
import { type ActivityRecord, type ListActivityQuery, listActivity } from "./list-activity";

/** The activity of one project (archived projects included: their history stays readable). */
export async function listProjectActivity(ctx: ServiceContext, projectId: string, query: ListActivityQuery): Promise<Page<ActivityRecord>> {
  const project = await loadProject(ctx, projectId, "activity.read");
  return listActivity(ctx, { projectId: project.id }, query);
}
