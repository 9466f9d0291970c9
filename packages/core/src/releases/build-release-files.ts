// The files of a new release (docs/delivery.md): per language, the values whose status is one of
// the release's statuses (in the source language every value: it is the authored text, not a
// translation awaiting review) and that carry no error-level quality issue (ignored or not),
// written in the release's format and placeholder style, and compressed once (brotli, gzip) so
// delivery never compresses per request. Only keys and values reach a file: never descriptions,
// comments, history or the source text of bilingual formats.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import {
  type FormatId,
  type SkippedEntry,
  serializeWithReport,
  type TranslationEntry,
  toPlaceholderStyle,
  writesNativePlurals,
} from "@locale/formats";
import type { ServiceContext } from "../context";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface BuiltReleaseFile {
  language: string;
  entries: number;
  sha256: string;
  content: Uint8Array;
  brotli: Uint8Array;
  gzip: Uint8Array;
  skipped: SkippedEntry[];
}

interface Row {
  namespace: string;
  key: string;
  value: string;
  sourceValue: string | null;
}

/** Files above this size are compressed at a lower brotli quality (11 costs seconds per megabyte). */
const BROTLI_MAX_QUALITY_BYTES = 512 * 1024;

async function readDeliverable(ctx: ServiceContext, projectId: string, language: string, sourceLanguage: string, statuses: string[]) {
  return ctx.db.query<Row>(
    `SELECT k."namespace", k."key", t."value", s."value" AS "sourceValue"
     FROM "Key" k
     JOIN "Translation" t ON t."keyId" = k."id" AND t."language" = $2
     LEFT JOIN "Translation" s ON s."keyId" = k."id" AND s."language" = $3
     WHERE k."projectId" = $1 AND t."value" <> '' AND ($2::text = $3::text OR t."status"::text = ANY($4::text[]))
       AND NOT (t."qaIssues" <> '[]'::jsonb AND EXISTS (
         SELECT 1 FROM jsonb_array_elements(t."qaIssues") qi WHERE qi->>'severity' = 'error'))
     ORDER BY k."namespace" COLLATE "C", k."key" COLLATE "C"`,
    [projectId, language, sourceLanguage, statuses],
  );
}

export async function buildReleaseFile(
  ctx: ServiceContext,
  project: { id: string; sourceLanguage: string },
  language: string,
  options: { format: FormatId; statuses: string[]; placeholders?: string },
): Promise<BuiltReleaseFile> {
  const rows = await readDeliverable(ctx, project.id, language, project.sourceLanguage, options.statuses);
  const skipped: SkippedEntry[] = [];
  const nativePlurals = writesNativePlurals(options.format);
  const entries: TranslationEntry[] = [];
  for (const r of rows) {
    let value = r.value;
    if (options.placeholders) {
      // The source value numbers the positions (as the export does); it is never written.
      const converted = toPlaceholderStyle(value, options.placeholders as never, { reference: r.sourceValue ?? undefined, nativePlurals });
      if (!converted.ok) {
        skipped.push({ key: r.key, ...(r.namespace ? { namespace: r.namespace } : {}), reason: `placeholders: ${converted.reason}` });
        continue;
      }
      value = converted.text;
    }
    entries.push({ key: r.key, value, ...(r.namespace ? { namespace: r.namespace } : {}) });
  }
  const { output, skipped: formatSkipped } = serializeWithReport(options.format, entries, {
    language,
    sourceLanguage: project.sourceLanguage,
  });
  const content = typeof output === "string" ? new TextEncoder().encode(output) : output;
  const quality = content.byteLength <= BROTLI_MAX_QUALITY_BYTES ? constants.BROTLI_MAX_QUALITY : 6;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: quality,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    language,
    entries: entries.length - formatSkipped.length,
    sha256: createHash("sha256").update(content).digest("hex"),
    content,
    brotli: new Uint8Array(br.buffer, br.byteOffset, br.byteLength),
    gzip: new Uint8Array(gz.buffer, gz.byteOffset, gz.byteLength),
    skipped: [...skipped, ...formatSkipped],
  };
}
