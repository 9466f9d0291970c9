// Path patterns with a `{language}` placeholder (`locales/{language}.json`,
// `res/values-{language}/strings.xml`): finding the files that match, and naming the file of a
// language.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "./usage-error";

const PLACEHOLDER = "{language}";

export function assertPattern(pattern: string): void {
  if (!pattern.includes(PLACEHOLDER)) throw new UsageError(`the file pattern "${pattern}" must contain ${PLACEHOLDER}`);
}

export function fileForLanguage(baseDir: string, pattern: string, language: string): string {
  return path.resolve(baseDir, pattern.split(PLACEHOLDER).join(language));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Every existing file matching the pattern, with the language read from its path. */
export async function findLocaleFiles(baseDir: string, pattern: string): Promise<{ language: string; file: string }[]> {
  assertPattern(pattern);
  const normalized = pattern.split(path.sep).join("/");
  const regex = new RegExp(`^${normalized.split(PLACEHOLDER).map(escapeRegExp).join("([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*)")}$`);
  // Only the directories before the first placeholder need walking.
  const fixedPrefix = normalized.slice(0, normalized.indexOf(PLACEHOLDER));
  const rootRel = fixedPrefix.includes("/") ? fixedPrefix.slice(0, fixedPrefix.lastIndexOf("/")) : "";
  const depth = normalized.split("/").length - (rootRel ? rootRel.split("/").length : 0);
  const found: { language: string; file: string }[] = [];
  async function walk(relDir: string, remaining: number): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(path.resolve(baseDir, relDir || "."), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
      if (entry.isDirectory() && remaining > 1) await walk(rel, remaining - 1);
      else if (entry.isFile() && remaining === 1) {
        const match = regex.exec(rel);
        const language = match?.slice(1).find(Boolean);
        if (match && language && match.slice(1).every((m) => m === language))
          found.push({ language: language.replace("_", "-"), file: path.resolve(baseDir, rel) });
      }
    }
  }
  await walk(rootRel, depth);
  return found.sort((a, b) => a.language.localeCompare(b.language));
}
