import { recordActivity } from "../activity/record-activity";
import { assertCan } from "../auth/permissions";
import type { ServiceContext } from "../context";
import { badRequest, forbidden } from "../errors/app-error";
import { reserveQuota } from "../limits/quota-usage";
import { canonicalLanguage, canonicalLanguages } from "../shared/languages";
import { assertModelId } from "./preferred-model";
import { type ProjectRecord, toProjectRecord } from "./project-record";

export interface CreateProjectInput {
  name: string;
  description?: string;
  sourceLanguage: string;
  targetLanguages?: string[];
  preferredModel?: string | null;
}

export async function createProject(ctx: ServiceContext, input: CreateProjectInput): Promise<ProjectRecord> {
  if (ctx.actor.projectId) throw forbidden(); // a project token sees only its own project
  assertCan(ctx.actor, "projects.write");
  const sourceLanguage = canonicalLanguage(input.sourceLanguage, "sourceLanguage");
  const targetLanguages = canonicalLanguages(input.targetLanguages ?? []);
  if (targetLanguages.includes(sourceLanguage)) {
    throw badRequest("targetLanguages: the source language cannot also be a target language", [
      { path: "targetLanguages", message: "the source language cannot also be a target language" },
    ]);
  }
  if (input.preferredModel) assertModelId(input.preferredModel);
  const project = await ctx.db.prisma.$transaction(async (tx) => {
    await reserveQuota(tx, ctx.config.quotas, ctx.actor.organizationId, "projects", 1);
    const created = await tx.project.create({
      data: {
        organizationId: ctx.actor.organizationId,
        name: input.name,
        description: input.description ?? "",
        sourceLanguage,
        targetLanguages,
        preferredModel: input.preferredModel ?? null,
      },
    });
    await recordActivity(tx, ctx.actor, {
      action: "project.created",
      projectId: created.id,
      targetId: created.id,
      targetType: "project",
      metadata: { projectId: created.id, name: created.name, sourceLanguage, targetLanguages },
    });
    return created;
  });
  return toProjectRecord(project);
}
