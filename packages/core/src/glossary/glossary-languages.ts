import { badRequest } from "../errors/app-error";
import { canonicalLanguage, canonicalLanguages } from "../shared/languages";

/** Canonical source and target languages of a glossary; the source may not also be a target. */
export function glossaryLanguages(
  sourceLanguage: string,
  targetLanguages: string[],
): { sourceLanguage: string; targetLanguages: string[] } {
  const source = canonicalLanguage(sourceLanguage, "sourceLanguage");
  const targets = canonicalLanguages(targetLanguages);
  if (targets.includes(source)) {
    throw badRequest("targetLanguages: the source language cannot also be a target language", [
      { path: "targetLanguages", message: "the source language cannot also be a target language" },
    ]);
  }
  return { sourceLanguage: source, targetLanguages: targets };
}
