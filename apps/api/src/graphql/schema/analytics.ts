// Project progress (the analytics service, computed live as in REST), also reachable as
// `Project.progress` (schema/project.ts).
import { getProjectProgress, type LanguageProgress, type ProjectProgress } from "@locale/core/analytics";
import { builder, svcOf } from "../builder";

const LanguageProgressRef = builder.objectRef<LanguageProgress>("LanguageProgress").implement({
  fields: (t) => ({
    language: t.exposeString("language"),
    totalKeys: t.exposeInt("totalKeys"),
    translated: t.exposeInt("translated", { description: "Cumulative: translated, reviewed and approved" }),
    reviewed: t.exposeInt("reviewed", { description: "Cumulative: reviewed and approved" }),
    approved: t.exposeInt("approved"),
    completionPercent: t.exposeFloat("completionPercent"),
    qaIssues: t.exposeInt("qaIssues", { description: "Translations with a quality-check issue nobody ignored" }),
    qaErrors: t.exposeInt("qaErrors", { description: "Of those, translations with an error-level issue" }),
  }),
});

export const ProjectProgressRef = builder.objectRef<ProjectProgress>("ProjectProgress").implement({
  fields: (t) => ({
    totalKeys: t.exposeInt("totalKeys"),
    languages: t.field({ type: [LanguageProgressRef], resolve: (p) => p.languages }),
  }),
});

builder.queryFields((t) => ({
  progress: t.field({
    type: ProjectProgressRef,
    args: { projectId: t.arg.id({ required: true }), languages: t.arg.stringList() },
    resolve: (_root, args, ctx) =>
      getProjectProgress(svcOf(ctx), { projectId: String(args.projectId), languages: args.languages?.join(",") }),
  }),
}));
