// Exports one project language as a file (SPEC.md "Import and export", DECISIONS.md "Import and
// export"): keys ordered by namespace then key, translator formats with every key, runtime formats
// with translated keys only, cut at EXPORT_MAX_BYTES by dropping whole entries from the end.
import { isFormatId, type SkippedEntry, serializeWithReport, type TranslationEntry } from "@locale/formats";
import { recordActivity } from "../activity/record-activity";
import type { ServiceContext } from "../context";
import { badRequest, notFound } from "../errors/app-error";
import { loadProject } from "../projects/load-project";
import { projectLanguages } from "../projects/project-record";
import { BILINGUAL_FORMATS, exportFileName, type FormatId, TRANSLATOR_FORMATS } from "./format-rules";

export interface ExportInput {
  language: string;
  format: string;
  /** Only keys of this namespace, written without the namespace prefix. */
  namespace?: string;
  /** Overrides the per-format default of including keys without a value. */
  includeUntranslated?: boolean;
}

export interface ExportResult {
  body: Uint8Array;
  fileName: string;
  format: FormatId;
  language: string;
  totalKeys: number;
  truncated: boolean;
  /** Entries the format cannot express, left out of the file (never written broken). */
  skipped: SkippedEntry[];
}

/** How many left-out keys the `export.completed` activity entry lists by name. */
export const SKIPPED_KEYS_IN_ACTIVITY = 50;

interface ExportRow {
  namespace: string;
  key: string;
  description: string;
  value: string | null;
  sourceValue: string | null;
}

export async function exportTranslations(ctx: ServiceContext, projectId: string, input: ExportInput): Promise<ExportResult> {
  const project = await loadProject(ctx, projectId, "export");
  const language = projectLanguages(project).find((l) => l.toLowerCase() === input.language.toLowerCase());
  if (!language) throw notFound("Language");
  if (!isFormatId(input.format)) {
    throw badRequest(`format: "${input.format}" is not a supported format`, [{ path: "format", message: "is not a supported format" }]);
  }
  if (input.namespace?.includes("\u0000")) {
    throw badRequest("namespace: must not contain NUL characters", [{ path: "namespace", message: "must not contain NUL characters" }]);
  }
  const format = input.format;
  const includeUntranslated = input.includeUntranslated ?? TRANSLATOR_FORMATS.includes(format);
  const withSource = BILINGUAL_FORMATS.includes(format);

  // Byte order ("C" collation), so PGlite and every PostgreSQL locale agree on the order.
  const rows =
    input.namespace !== undefined
      ? await ctx.db.prisma.$queryRaw<ExportRow[]>`
        SELECT k."namespace", k."key", k."description", t."value", s."value" AS "sourceValue"
        FROM "Key" k
        LEFT JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = ${language}
        LEFT JOIN "Translation" s ON s."keyId" = k."id" AND s."language" = ${project.sourceLanguage}
        WHERE k."projectId" = ${project.id} AND k."namespace" = ${input.namespace}
        ORDER BY k."namespace" COLLATE "C", k."key" COLLATE "C"`
      : await ctx.db.prisma.$queryRaw<ExportRow[]>`
        SELECT k."namespace", k."key", k."description", t."value", s."value" AS "sourceValue"
        FROM "Key" k
        LEFT JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = ${language}
        LEFT JOIN "Translation" s ON s."keyId" = k."id" AND s."language" = ${project.sourceLanguage}
        WHERE k."projectId" = ${project.id}
        ORDER BY k."namespace" COLLATE "C", k."key" COLLATE "C"`;

  const entries: TranslationEntry[] = [];
  for (const r of rows) {
    const value = r.value ?? "";
    // gettext leaves empty values out of MO files, so they never count as written there.
    if (value === "" && (!includeUntranslated || format === "mo")) continue;
    const entry: TranslationEntry = { key: r.key, value };
    // A namespace filter writes bare keys, so the file re-imports with the same `namespace`.
    if (input.namespace === undefined && r.namespace) entry.namespace = r.namespace;
    if (r.description) entry.description = r.description;
    if (withSource && r.sourceValue) entry.sourceText = r.sourceValue;
    entries.push(entry);
  }

  const options = { language, sourceLanguage: project.sourceLanguage };
  const { body, count, skipped } = serializeWithin(format, entries, options, ctx.config.exportMaxBytes);
  const truncated = count < entries.length;
  const written = count - skipped.length;

  await ctx.db.prisma.$transaction(async (tx) => {
    await recordActivity(tx, ctx.actor, {
      action: "export.completed",
      projectId: project.id,
      targetId: project.id,
      targetType: "project",
      metadata: {
        language,
        format,
        totalKeys: written,
        truncated,
        ...(input.namespace !== undefined ? { namespace: input.namespace } : {}),
        ...(skipped.length > 0
          ? {
              skippedCount: skipped.length,
              skipped: skipped.slice(0, SKIPPED_KEYS_IN_ACTIVITY).map((s) => ({
                key: s.namespace ? `${s.namespace}.${s.key}` : s.key,
                reason: s.reason,
              })),
            }
          : {}),
      },
    });
  });
  return { body, fileName: exportFileName(language, format), format, language, totalKeys: written, truncated, skipped };
}

const encoder = new TextEncoder();

function toBytes(out: string | Uint8Array): Uint8Array {
  return typeof out === "string" ? encoder.encode(out) : out;
}

/**
 * Serializes the longest prefix of `entries` whose file fits in `maxBytes`. Cutting the entry list
 * (never the bytes) keeps the file well-formed; the search starts from a proportional guess and
 * narrows by bisection, so a truncated export costs a handful of serializations.
 */
function serializeWithin(
  format: FormatId,
  entries: TranslationEntry[],
  options: { language: string; sourceLanguage: string },
  maxBytes: number,
): { body: Uint8Array; count: number; skipped: SkippedEntry[] } {
  const attempt = (list: TranslationEntry[]) => {
    const { output, skipped } = serializeWithReport(format, list, options);
    return { body: toBytes(output), count: list.length, skipped };
  };
  const full = attempt(entries);
  if (full.body.byteLength <= maxBytes || entries.length === 0) return full;
  let best = attempt([]);
  let low = 0;
  let high = entries.length - 1;
  let guess = Math.min(high, Math.floor((entries.length * maxBytes) / full.body.byteLength));
  for (let i = 0; i < 64 && low <= high; i++) {
    const result = attempt(entries.slice(0, guess));
    if (result.body.byteLength <= maxBytes) {
      best = result;
      low = guess + 1;
    } else {
      high = guess - 1;
    }
    guess = Math.floor((low + high) / 2);
  }
  return best;
}
