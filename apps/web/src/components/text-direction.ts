// The writing direction of a language's text, from its script (CLDR likely subtags, through
// Intl.Locale): Arabic, Hebrew, Persian, Urdu, … are shown right to left, wherever the page is.
const RTL_SCRIPTS = new Set(["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg", "Mand", "Samr"]);

const cache = new Map<string, "rtl" | "ltr">();

export function textDirection(language: string): "rtl" | "ltr" {
  let dir = cache.get(language);
  if (!dir) {
    try {
      dir = RTL_SCRIPTS.has(new Intl.Locale(language).maximize().script ?? "") ? "rtl" : "ltr";
    } catch {
      dir = "ltr";
    }
    cache.set(language, dir);
  }
  return dir;
}
