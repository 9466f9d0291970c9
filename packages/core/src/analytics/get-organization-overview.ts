import type { ServiceContext } from "../context";
import { assertOrganization } from "../organizations/load-organization";
import { percentOf } from "./analytics-languages";

export interface OrganizationOverview {
  totalProjects: number;
  totalKeys: number;
  totalTranslations: number;
  languagesWithProgress: { language: string; completionPercent: number }[];
}

/**
 * Over the organization's active (not archived) projects: `totalTranslations` counts translated,
 * reviewed or approved values in each project's target languages, and a language's completion
 * is its translated values over the keys of the projects that target it.
 */
export async function getOrganizationOverview(ctx: ServiceContext, input: { orgId: string }): Promise<OrganizationOverview> {
  assertOrganization(ctx, input.orgId, "analytics.read");
  const organizationId = ctx.actor.organizationId;
  const [totals] = await ctx.db.prisma.$queryRaw<{ projects: number; keys: number }[]>`
    SELECT count(*)::int AS projects,
      COALESCE(sum((SELECT count(*) FROM "Key" k WHERE k."projectId" = p."id")), 0)::int AS keys
    FROM "Project" p
    WHERE p."organizationId" = ${organizationId} AND NOT p."archived"`;
  const languages = await ctx.db.prisma.$queryRaw<{ language: string; keys: number; translated: number }[]>`
    WITH pl AS (
      SELECT p."id", unnest(p."targetLanguages") AS "language"
      FROM "Project" p
      WHERE p."organizationId" = ${organizationId} AND NOT p."archived"
    ),
    k AS (SELECT "projectId", count(*) AS n FROM "Key" WHERE "projectId" IN (SELECT "id" FROM pl) GROUP BY 1),
    t AS (
      SELECT tr."projectId", tr."language", count(*) AS n
      FROM "Translation" tr JOIN pl ON pl."id" = tr."projectId" AND pl."language" = tr."language"
      WHERE tr."status" <> 'untranslated'
      GROUP BY 1, 2
    )
    SELECT pl."language", COALESCE(sum(k.n), 0)::int AS keys, COALESCE(sum(t.n), 0)::int AS translated
    FROM pl
    LEFT JOIN k ON k."projectId" = pl."id"
    LEFT JOIN t ON t."projectId" = pl."id" AND t."language" = pl."language"
    GROUP BY pl."language"`;
  languages.sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : 0));
  return {
    totalProjects: totals?.projects ?? 0,
    totalKeys: totals?.keys ?? 0,
    totalTranslations: languages.reduce((sum, l) => sum + l.translated, 0),
    languagesWithProgress: languages.map((l) => ({ language: l.language, completionPercent: percentOf(l.translated, l.keys) })),
  };
}
