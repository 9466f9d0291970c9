import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { FORMAT_IDS, type FormatId } from "./format-rules";

/** The file formats a project can import and export (the same 12 for every project). */
export async function listFormats(ctx: ServiceContext, projectId: string): Promise<FormatId[]> {
  await loadProject(ctx, projectId, "projects.read");
  return [...FORMAT_IDS];
}
