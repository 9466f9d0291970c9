import type { Project } from "@locale/db";
import { badRequest } from "../errors/app-error";
import { projectLanguages } from "../projects/project-record";
import { canonicalLanguage } from "../shared/languages";

/**
 * Languages a progress report covers: the comma-separated `languages` query (any project
 * language, the source included), or by default the target languages, since completion is
 * measured against the source.
 */
export function progressLanguages(project: Project, languages: string | undefined): string[] {
  const requested = (languages ?? "")
    .split(",")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  if (requested.length === 0) return project.targetLanguages;
  const known = projectLanguages(project);
  const result: string[] = [];
  for (const code of requested) {
    const lang = canonicalLanguage(code, "languages");
    if (!known.includes(lang)) {
      throw badRequest(`languages: "${lang}" is not a language of this project`, [
        { path: "languages", message: `"${lang}" is not a language of this project` },
      ]);
    }
    if (!result.includes(lang)) result.push(lang);
  }
  return result;
}

/** Percent with two decimals; 0 when there is nothing to translate. */
export const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);
