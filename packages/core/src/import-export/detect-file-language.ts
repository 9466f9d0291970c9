// Which language a translation file holds, read from the file itself: what the format states
// (a PO `Language:` header, XLIFF's target language, ARB's `@@locale`) first, then the path a
// platform keeps it at (Android `values-de/`, iOS `de.lproj/`), then the file name (`de.json`,
// `messages_de.po`). Dependency-free: the web application imports this module as it is, so the
// import form and the api detect alike.

export type LanguageEvidence = "po-header" | "xliff-target" | "arb-locale" | "android-path" | "ios-path" | "file-name";

export interface DetectedLanguage {
  /** A BCP 47 tag as the file gives it, normalized (`pt_BR` → `pt-BR`). */
  language: string;
  from: LanguageEvidence;
}

const TAG = /^[a-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Z]{2}|\d{3}))?$/;

/** `de_DE` / `de-de` / `zh-hans` → `de-DE` / `de-DE` / `zh-Hans`; null when it is not a language tag. */
export function normalizeLanguageTag(raw: string): string | null {
  const parts = raw.trim().replace(/_/g, "-").split("-");
  if (!parts[0]) return null;
  const out = [parts[0].toLowerCase()];
  for (const p of parts.slice(1)) {
    if (/^[A-Za-z]{4}$/.test(p)) out.push(p[0]!.toUpperCase() + p.slice(1).toLowerCase());
    else if (/^[A-Za-z]{2}$/.test(p) || /^\d{3}$/.test(p)) out.push(p.toUpperCase());
    else return null;
  }
  const tag = out.join("-");
  return TAG.test(tag) && isKnownLanguage(out[0]!) ? tag : null;
}

let names: Intl.DisplayNames | null | undefined;
/** Whether a base code names a language (so `app.json` or `ui.yaml` is not taken for one). */
function isKnownLanguage(base: string): boolean {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
    } catch {
      names = null;
    }
  }
  if (!names) return true;
  try {
    return names.of(base) !== undefined;
  } catch {
    return false;
  }
}

function fromContent(head: string): DetectedLanguage | null {
  const po = /^"Language:\s*([A-Za-z0-9_@-]+)\s*\\n"/m.exec(head);
  if (po?.[1]) {
    const language = normalizeLanguageTag(po[1].split("@")[0]!);
    if (language) return { language, from: "po-header" };
  }
  const xliff = /<(?:file|xliff)\b[^>]*\b(?:target-language|trgLang)\s*=\s*["']([^"']+)["']/.exec(head);
  if (xliff?.[1]) {
    const language = normalizeLanguageTag(xliff[1]);
    if (language) return { language, from: "xliff-target" };
  }
  const arb = /"@@locale"\s*:\s*"([^"]+)"/.exec(head);
  if (arb?.[1]) {
    const language = normalizeLanguageTag(arb[1]);
    if (language) return { language, from: "arb-locale" };
  }
  return null;
}

function fromPath(fileName: string): DetectedLanguage | null {
  const dirs = fileName.replace(/\\/g, "/").split("/").slice(0, -1);
  for (const dir of dirs.reverse()) {
    // values-de, values-pt-rBR, values-b+sr+Latn (values-night, values-v21 and the like are not languages)
    const android = /^values-(?:b\+([a-z]{2,3}(?:\+[A-Za-z0-9]+)*)|([a-z]{2,3})(?:-r([A-Z]{2}))?)(?:-|$)/.exec(dir);
    if (android) {
      const raw = android[1] ? android[1].replace(/\+/g, "-") : `${android[2]}${android[3] ? `-${android[3]}` : ""}`;
      const language = normalizeLanguageTag(raw);
      if (language) return { language, from: "android-path" };
    }
    const ios = /^([A-Za-z_-]+)\.lproj$/.exec(dir);
    if (ios?.[1] && ios[1] !== "Base") {
      const language = normalizeLanguageTag(ios[1]);
      if (language) return { language, from: "ios-path" };
    }
  }
  return null;
}

function fromFileName(fileName: string): DetectedLanguage | null {
  const base = fileName.replace(/\\/g, "/").split("/").pop() ?? "";
  const stem = base.replace(/\.[^.]+$/, "");
  // The whole stem (de.json, pt-BR.po), else its last part after . _ or - (messages.de.json, app_de.arb).
  const whole = normalizeLanguageTag(stem);
  if (whole && stem.length <= 10) return { language: whole, from: "file-name" };
  const tail = /[._]([a-z]{2,3}(?:[-_][A-Za-z]{4})?(?:[-_](?:[A-Z]{2}|\d{3}))?)$/.exec(stem);
  if (tail?.[1]) {
    const language = normalizeLanguageTag(tail[1]);
    if (language) return { language, from: "file-name" };
  }
  return null;
}

/** The file's language, or null when neither its content nor its name says. `head` is its text's start. */
export function detectFileLanguage(input: { fileName?: string | null; head?: string | null }): DetectedLanguage | null {
  return (
    (input.head ? fromContent(input.head.slice(0, 64 * 1024)) : null) ??
    (input.fileName ? fromPath(input.fileName) : null) ??
    (input.fileName ? fromFileName(input.fileName) : null)
  );
}

/**
 * Which of the project's languages a detected tag means: the same tag (any case), else the one
 * language sharing its base (`de-DE` in a project with `de`, or `de` in one with only `de-AT`).
 */
export function matchProjectLanguage(detected: string, languages: readonly string[]): string | null {
  const lower = detected.toLowerCase();
  const exact = languages.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split("-")[0];
  const same = languages.filter((l) => l.toLowerCase().split("-")[0] === base);
  if (same.length === 1) return same[0]!;
  return same.find((l) => l.toLowerCase() === base) ?? null;
}

export interface FileLanguageCheck extends DetectedLanguage {
  /** The project language the detected tag means, or null when the project has none like it. */
  projectLanguage: string | null;
  /** The file appears to hold another language than the one it is imported into. */
  differs: boolean;
}

/** The detected language set against the one chosen for the import; null when nothing was detected. */
export function checkFileLanguage(input: {
  fileName?: string | null;
  head?: string | null;
  chosen: string;
  languages: readonly string[];
}): FileLanguageCheck | null {
  const detected = detectFileLanguage(input);
  if (!detected) return null;
  const projectLanguage = matchProjectLanguage(detected.language, input.languages);
  return { ...detected, projectLanguage, differs: (projectLanguage ?? detected.language) !== input.chosen };
}
