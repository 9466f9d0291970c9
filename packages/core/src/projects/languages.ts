import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { canonicalLanguage } from "../shared/languages";
import { loadProject } from "./load-project";
import { type ProjectRecord, toProjectRecord } from "./project-record";
import { saveProjectChange } from "./save-project-change";

/** Adds a target language; adding one already present is a no-op. */
export async function addProjectLanguage(ctx: ServiceContext, projectId: string, language: string): Promise<ProjectRecord> {
  const project = await loadProject(ctx, projectId, "projects.write", { forWrite: true });
  const lang = canonicalLanguage(language);
  if (lang === project.sourceLanguage) {
    throw badRequest("language: the source language cannot also be a target language", [
      { path: "language", message: "is the source language" },
    ]);
  }
  if (project.targetLanguages.includes(lang)) return toProjectRecord(project);
  return saveProjectChange(ctx, project, { targetLanguages: [...project.targetLanguages, lang] }, "project.updated", {
    languageAdded: lang,
  });
}

/** Removes a target language; its translations are kept but no longer shown or exported. */
export async function removeProjectLanguage(ctx: ServiceContext, projectId: string, language: string): Promise<ProjectRecord> {
  const project = await loadProject(ctx, projectId, "projects.write", { forWrite: true });
  const lang = canonicalLanguage(language);
  if (lang === project.sourceLanguage) {
    throw badRequest("language: the source language cannot be removed", [{ path: "language", message: "is the source language" }]);
  }
  if (!project.targetLanguages.includes(lang)) return toProjectRecord(project);
  return saveProjectChange(ctx, project, { targetLanguages: project.targetLanguages.filter((l) => l !== lang) }, "project.updated", {
    languageRemoved: lang,
  });
}
