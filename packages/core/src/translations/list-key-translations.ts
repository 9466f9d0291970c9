import type { ServiceContext } from "../context";
import { loadKey } from "../keys/load-key";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { type TranslationRecord, toTranslationRecord } from "./translation-record";

/** One entry per project language, source first; languages without a value are synthesised. */
export async function listKeyTranslations(ctx: ServiceContext, projectId: string, keyId: string): Promise<TranslationRecord[]> {
  const project = await loadProject(ctx, projectId, "translations.read");
  const key = await loadKey(ctx, project.id, keyId);
  const languages = projectLanguages(project);
  const rows = await ctx.db.prisma.translation.findMany({ where: { keyId: key.id, language: { in: languages } } });
  const byLanguage = new Map(rows.map((r) => [r.language, r]));
  const sourceValue = byLanguage.get(project.sourceLanguage)?.value ?? "";
  return languages.map((lang) =>
    toTranslationRecord(key, lang, byLanguage.get(lang) ?? null, lang === project.sourceLanguage ? null : sourceValue),
  );
}
