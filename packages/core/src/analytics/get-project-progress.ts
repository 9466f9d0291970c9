import type { ServiceContext } from "../context";
import { loadProject } from "../projects/load-project";
import { countedIssueSql } from "../quality/qa-filter";
import { percentOf, progressLanguages } from "./analytics-languages";

export interface LanguageProgress {
  language: string;
  totalKeys: number;
  /** Cumulative: translated + reviewed + approved. */
  translated: number;
  /** Cumulative: reviewed + approved. */
  reviewed: number;
  approved: number;
  completionPercent: number;
  /** Translations with a quality-check issue nobody ignored (docs/quality-checks.md). */
  qaIssues: number;
  /** Of those, translations with an error-level issue (stored by a recheck after a settings change). */
  qaErrors: number;
}

export interface ProjectProgress {
  totalKeys: number;
  languages: LanguageProgress[];
}

export async function getProjectProgress(ctx: ServiceContext, input: { projectId: string; languages?: string }): Promise<ProjectProgress> {
  const project = await loadProject(ctx, input.projectId, "analytics.read");
  const languages = progressLanguages(project, input.languages);
  const [keys] = await ctx.db.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Key" WHERE "projectId" = ${project.id}`;
  const totalKeys = keys?.n ?? 0;
  const rows = await ctx.db.query<{
    language: string;
    translated: number;
    reviewed: number;
    approved: number;
    qaIssues: number;
    qaErrors: number;
  }>(
    `SELECT "language",
      count(*) FILTER (WHERE "status" IN ('translated', 'reviewed', 'approved'))::int AS translated,
      count(*) FILTER (WHERE "status" IN ('reviewed', 'approved'))::int AS reviewed,
      count(*) FILTER (WHERE "status" = 'approved')::int AS approved,
      count(*) FILTER (WHERE ${countedIssueSql("t")})::int AS "qaIssues",
      count(*) FILTER (WHERE ${countedIssueSql("t", "error")})::int AS "qaErrors"
    FROM "Translation" t
    WHERE "projectId" = $1 AND "language" = ANY($2::text[])
    GROUP BY "language"`,
    [project.id, languages],
  );
  const byLanguage = new Map(rows.map((r) => [r.language, r]));
  return {
    totalKeys,
    languages: languages.map((language) => {
      const r = byLanguage.get(language);
      const translated = r?.translated ?? 0;
      return {
        language,
        totalKeys,
        translated,
        reviewed: r?.reviewed ?? 0,
        approved: r?.approved ?? 0,
        completionPercent: percentOf(translated, totalKeys),
        qaIssues: r?.qaIssues ?? 0,
        qaErrors: r?.qaErrors ?? 0,
      };
    }),
  };
}
