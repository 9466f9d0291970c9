import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { recordActivity } from "../activity/record-activity";
import { canonicalLanguage } from "../shared/languages";
import { loadProject } from "./load-project";
import { toProjectRecord, type ProjectRecord } from "./project-record";

/** Adds a target language; adding one already present is a no-op. */
export async function addProjectLanguage(ctx: ServiceContext, projectId: string, language: string): Promise<ProjectRecord> {
  const project = await loadProject(ctx, projectId, "projects.write", { forWrite: true });
  const lang = canonicalLanguage(language);
  if (lang === project.sourceLanguage) {
    throw badRequest("language: the source language cannot also be a target language", [{ path: "language", message: "is the source language" }]);
  }
  if (project.targetLanguages.includes(lang)) return toProjectRecord(project);
  const updated = await ctx.db.prisma.$transaction(async (tx) => {
    const row = await tx.project.update({ where: { id: project.id }, data: { targetLanguages: [...project.targetLanguages, lang] } });
    await recordActivity(tx, ctx.actor, {
      action: "project.updated",
      projectId: project.id,
      targetId: project.id,
      targetType: "project",
      metadata: { projectId: project.id, name: project.name, languageAdded: lang },
    });
    return row;
  });
  return toProjectRecord(updated);
}

/** Removes a target language; its translations are kept but no longer shown or exported. */
export async function removeProjectLanguage(ctx: ServiceContext, projectId: string, language: string): Promise<ProjectRecord> {
  const project = await loadProject(ctx, projectId, "projects.write", { forWrite: true });
  const lang = canonicalLanguage(language);
  if (lang === project.sourceLanguage) {
    throw badRequest("language: the source language cannot be removed", [{ path: "language", message: "is the source language" }]);
  }
  if (!project.targetLanguages.includes(lang)) return toProjectRecord(project);
  const updated = await ctx.db.prisma.$transaction(async (tx) => {
    const row = await tx.project.update({ where: { id: project.id }, data: { targetLanguages: project.targetLanguages.filter((l) => l !== lang) } });
    await recordActivity(tx, ctx.actor, {
      action: "project.updated",
      projectId: project.id,
      targetId: project.id,
      targetType: "project",
      metadata: { projectId: project.id, name: project.name, languageRemoved: lang },
    });
    return row;
  });
  return toProjectRecord(updated);
}
