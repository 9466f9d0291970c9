// Language codes: BCP 47 tags checked against the IANA language subtag registry and stored in
// one canonical form, so `pt-br` and `pt-BR` name the same project language.
import languageTags from "language-tags";
import { badRequest } from "../errors/app-error";

// language-tags' error codes (its Tag class, which holds the names, is not exported at run time).
const ERR_DEPRECATED = 1;
const ERR_UNKNOWN = 3;
const ERR_SUPPRESS_SCRIPT = 10;
const ERR_SUBTAG_DEPRECATED = 11;
// Registered but discouraged (deprecated subtags, a script the language implies): still a real
// language, and Intl's canonical form already replaces deprecated subtags by their successors.
const TOLERATED_REGISTRY_NOTES = new Set<number>([ERR_DEPRECATED, ERR_SUBTAG_DEPRECATED, ERR_SUPPRESS_SCRIPT]);

/**
 * The canonical form of a language code (`en-us` → `en-US`), or why it is not one: it must be
 * well-formed (as `Intl` reads tags, which every other part of the service uses) and every subtag
 * must be registered (`english` and `klingon` are well-formed but name no language; `tlh` does).
 */
export function parseLanguage(code: string): { canonical: string } | { problem: string } {
  let canonical: string | undefined;
  try {
    [canonical] = Intl.getCanonicalLocales(code);
  } catch {
    // not well-formed
  }
  if (!canonical) return { problem: `"${code}" is not a valid BCP 47 language code` };
  const unregistered = languageTags(canonical)
    .errors()
    .find((e) => !TOLERATED_REGISTRY_NOTES.has(e.code));
  if (unregistered) {
    const { subtag } = unregistered as { subtag?: unknown };
    const why =
      unregistered.code === ERR_UNKNOWN && subtag
        ? `"${String(subtag)}" is not in the IANA language subtag registry`
        : unregistered.message.replace(/\.$/, "");
    return { problem: `"${code}" is not a valid BCP 47 language code (${why})` };
  }
  return { canonical };
}

/** Validates a language code (400 naming `field` otherwise) and returns its canonical form. */
export function canonicalLanguage(code: string, field = "language"): string {
  const parsed = parseLanguage(code);
  if ("canonical" in parsed) return parsed.canonical;
  throw badRequest(`${field}: ${parsed.problem}`, [{ path: field, message: parsed.problem }]);
}

/** Canonical forms, duplicates removed, order kept. */
export function canonicalLanguages(codes: string[], field = "targetLanguages"): string[] {
  return [...new Set(codes.map((c) => canonicalLanguage(c, field)))];
}
