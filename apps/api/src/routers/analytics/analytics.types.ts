import { z } from "zod";

export const tags = ["Analytics"];

export const ZLanguageProgress = z.object({
  language: z.string(),
  totalKeys: z.number(),
  translated: z.number().describe("Translated, reviewed or approved"),
  reviewed: z.number().describe("Reviewed or approved"),
  approved: z.number(),
  completionPercent: z.number().describe("translated / totalKeys × 100, two decimals"),
  qaIssues: z.number().describe("Translations with a quality-check issue nobody ignored"),
  qaErrors: z.number().describe("Of those, translations with an error-level issue (after a settings change)"),
});

export const ZProgress = z.object({ totalKeys: z.number(), languages: z.array(ZLanguageProgress) });

export const ZDailyProgress = z.object({ date: z.string().describe("YYYY-MM-DD (UTC)"), translations: z.number(), reviews: z.number() });

export const ZContributor = z.object({
  userId: z.string(),
  userName: z.string(),
  translations: z.number(),
  reviews: z.number(),
  approvals: z.number(),
});

export const ZOverview = z.object({
  totalProjects: z.number(),
  totalKeys: z.number(),
  totalTranslations: z.number(),
  languagesWithProgress: z.array(z.object({ language: z.string(), completionPercent: z.number() })),
});
