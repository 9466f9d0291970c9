import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { canonicalLanguage, canonicalLanguages } from "../shared/languages";
import { loadProject } from "./load-project";
import { assertModelId } from "./preferred-model";
import { type ProjectRecord, toProjectRecord } from "./project-record";
import { saveProjectChange } from "./save-project-change";

export interface UpdateProjectInput {
  name?: string;
  description?: string;
  sourceLanguage?: string;
  targetLanguages?: string[];
  preferredModel?: string | null;
}

/** Only included fields change. The source language is fixed at creation (400 when changed). */
export async function updateProject(ctx: ServiceContext, projectId: string, input: UpdateProjectInput): Promise<ProjectRecord> {
  const project = await loadProject(ctx, projectId, "projects.write", { forWrite: true });
  if (input.sourceLanguage !== undefined && canonicalLanguage(input.sourceLanguage, "sourceLanguage") !== project.sourceLanguage) {
    throw badRequest("sourceLanguage: cannot be changed after creation", [
      { path: "sourceLanguage", message: "cannot be changed after creation" },
    ]);
  }
  const targetLanguages = input.targetLanguages !== undefined ? canonicalLanguages(input.targetLanguages) : undefined;
  if (targetLanguages?.includes(project.sourceLanguage)) {
    throw badRequest("targetLanguages: the source language cannot also be a target language", [
      { path: "targetLanguages", message: "the source language cannot also be a target language" },
    ]);
  }
  if (input.preferredModel) assertModelId(input.preferredModel);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(targetLanguages !== undefined ? { targetLanguages } : {}),
    ...(input.preferredModel !== undefined ? { preferredModel: input.preferredModel } : {}),
  };
  // A PATCH that changes nothing (an empty body, or the unchanged source language) writes nothing.
  if (Object.keys(changes).length === 0) return toProjectRecord(project);
  return saveProjectChange(ctx, project, changes, "project.updated", { changes: Object.keys(changes) });
}
