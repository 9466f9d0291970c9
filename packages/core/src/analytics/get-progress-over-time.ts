import type { ServiceContext } from "../context";
import { badRequest } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { IS_REVIEW, IS_TRANSLATION } from "./history-counts";

export interface DailyProgress {
  date: string;
  translations: number;
  reviews: number;
}

export const MAX_PROGRESS_DAYS = 366;
const DAY_MS = 86_400_000;

/**
 * One row per UTC calendar day, oldest first, ending today and including days without activity.
 * Counts history of the project's current languages (source included: writing source copy is
 * work on the project too).
 */
export async function getProgressOverTime(
  ctx: ServiceContext,
  input: { projectId: string; days?: number },
  now = new Date(),
): Promise<DailyProgress[]> {
  const days = input.days ?? 30;
  if (!Number.isInteger(days) || days < 1 || days > MAX_PROGRESS_DAYS) {
    throw badRequest(`days: must be an integer from 1 to ${MAX_PROGRESS_DAYS}`, [
      { path: "days", message: `must be an integer from 1 to ${MAX_PROGRESS_DAYS}` },
    ]);
  }
  const project = await loadProject(ctx, input.projectId, "analytics.read");
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const rows = await ctx.db.prisma.$queryRaw<{ day: string; translations: number; reviews: number }[]>`
    SELECT to_char((h."createdAt" AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
      count(*) FILTER (WHERE ${IS_TRANSLATION})::int AS translations,
      count(*) FILTER (WHERE ${IS_REVIEW})::int AS reviews
    FROM "TranslationHistory" h
    WHERE h."projectId" = ${project.id} AND h."createdAt" >= ${start} AND h."language" = ANY(${projectLanguages(project)}::text[])
    GROUP BY 1`;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const r = byDay.get(date);
    return { date, translations: r?.translations ?? 0, reviews: r?.reviews ?? 0 };
  });
}
