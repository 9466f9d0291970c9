// Validation of a new release's settings (docs/delivery.md), shared by REST, GraphQL and the CLI.
import { type FormatId, isFormatId, isPlaceholderStyle, PLACEHOLDER_STYLES } from "@locale/formats";
import { badRequest } from "../errors/app-error";
import { canonicalLanguage } from "../shared/languages";

export const RELEASE_STATUSES = ["translated", "reviewed", "approved"] as const;
export const DEFAULT_RELEASE_STATUSES = ["approved"];
export const DEFAULT_RELEASE_FORMAT: FormatId = "json-flat";

export interface CreateReleaseInput {
  /** Project languages to publish (default: every project language, the source included). */
  languages?: string[];
  /** Statuses whose values are published (default `["approved"]`); the source language's values always are. */
  statuses?: string[];
  format?: string;
  /** Write placeholders in this platform style (docs/placeholders.md); default: as stored (ICU). */
  placeholders?: string;
  note?: string;
}

export interface ReleaseSettings {
  languages: string[];
  statuses: string[];
  format: FormatId;
  placeholders: string | null;
  note: string;
}

const refuse = (path: string, message: string) => badRequest(`${path}: ${message}`, [{ path, message }]);

export function releaseSettings(input: CreateReleaseInput, projectLanguages: string[]): ReleaseSettings {
  const format = input.format ?? DEFAULT_RELEASE_FORMAT;
  if (!isFormatId(format)) throw refuse("format", "is not a supported format");
  if (format === "pot") throw refuse("format", "a template holds no translations");
  if (input.placeholders !== undefined && !isPlaceholderStyle(input.placeholders)) {
    throw refuse("placeholders", `must be one of ${PLACEHOLDER_STYLES.join(", ")}`);
  }
  const statuses = [...new Set(input.statuses ?? DEFAULT_RELEASE_STATUSES)];
  if (statuses.length === 0) throw refuse("statuses", "must name at least one status");
  for (const s of statuses) {
    if (!(RELEASE_STATUSES as readonly string[]).includes(s)) throw refuse("statuses", `must be among ${RELEASE_STATUSES.join(", ")}`);
  }
  let languages = projectLanguages;
  if (input.languages !== undefined) {
    if (input.languages.length === 0) throw refuse("languages", "must name at least one language");
    languages = [...new Set(input.languages.map((l) => canonicalLanguage(l, "languages")))];
    for (const l of languages) {
      if (!projectLanguages.includes(l)) throw refuse("languages", `${l} is not a language of this project`);
    }
  }
  const placeholders = input.placeholders && input.placeholders !== "icu" ? input.placeholders : null;
  return { languages: [...languages].sort(), statuses: statuses.sort(), format, placeholders, note: input.note ?? "" };
}
