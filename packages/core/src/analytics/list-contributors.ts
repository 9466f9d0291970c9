import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { IS_TO_APPROVED, IS_TO_REVIEWED, IS_TRANSLATION } from "./history-counts";

export interface Contributor {
  userId: string;
  userName: string;
  translations: number;
  reviews: number;
  approvals: number;
}

/** History's author id of AI batch saves. */
const AI_AUTHOR = "ai";

/**
 * Everyone with at least one counted history entry in the project's current languages, most
 * active first. The name is the user's current one, else the name the history recorded.
 */
export async function listContributors(ctx: ServiceContext, input: { projectId: string }): Promise<Contributor[]> {
  const project = await loadProject(ctx, input.projectId, "analytics.read");
  const rows = await ctx.db.prisma.$queryRaw<
    { userId: string; currentName: string | null; recordedName: string | null; translations: number; reviews: number; approvals: number }[]
  >`
    SELECT h."changedBy" AS "userId", max(u."name") AS "currentName", max(h."changedByName") AS "recordedName",
      count(*) FILTER (WHERE ${IS_TRANSLATION})::int AS translations,
      count(*) FILTER (WHERE ${IS_TO_REVIEWED})::int AS reviews,
      count(*) FILTER (WHERE ${IS_TO_APPROVED})::int AS approvals
    FROM "TranslationHistory" h
    LEFT JOIN "User" u ON u."id" = h."changedBy"
    WHERE h."projectId" = ${project.id} AND h."language" = ANY(${projectLanguages(project)}::text[])
    GROUP BY h."changedBy"`;
  return rows
    .filter((r) => r.translations + r.reviews + r.approvals > 0)
    .map((r) => ({
      userId: r.userId,
      userName: r.currentName ?? r.recordedName ?? (r.userId === AI_AUTHOR ? "AI" : r.userId),
      translations: r.translations,
      reviews: r.reviews,
      approvals: r.approvals,
    }))
    .sort(
      (a, b) =>
        b.translations + b.reviews + b.approvals - (a.translations + a.reviews + a.approvals) ||
        a.userName.localeCompare(b.userName) ||
        a.userId.localeCompare(b.userId),
    );
}
