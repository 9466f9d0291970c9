import { badRequest } from "../errors/app-error";

/** Validates a BCP 47 language tag and returns its canonical form (`en-us` → `en-US`). */
export function canonicalLanguage(code: string, field = "language"): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(code);
    if (canonical) return canonical;
  } catch {
    // fall through to the 400 below
  }
  throw badRequest(`${field}: "${code}" is not a valid BCP 47 language code`, [
    { path: field, message: `"${code}" is not a valid BCP 47 language code` },
  ]);
}

/** Canonical forms, duplicates removed, order kept. */
export function canonicalLanguages(codes: string[], field = "targetLanguages"): string[] {
  return [...new Set(codes.map((c) => canonicalLanguage(c, field)))];
}
