// One project language's export sent as it is read, where its headers can be known first: json-flat
// without a placeholder style (a style may leave values out, counted only once they are converted),
// no two keys sharing a full key, and a file within EXPORT_MAX_BYTES (json-flat-stream.ts). Any
// other export is the temporary file of exportTranslations, returned for the caller to send.
import type { ServiceContext } from "../context";
import {
  type ExportInput,
  type ExportResult,
  hasFullKeyCollision,
  planExport,
  recordExport,
  SORT_IN_MEMORY,
  writeExportFile,
} from "./export-translations";
import { type JsonFlatQuery, jsonFlatEnd, jsonFlatFacts, streamJsonFlat } from "./json-flat-stream";

/** What the response's headers say, known before the first byte of the file. */
export interface ExportHead {
  fileName: string;
  totalKeys: number;
  truncated: boolean;
  skipped: ExportResult["skipped"];
  /** The file's size, when known before it is written (a temporary file's). */
  byteLength?: number;
}

export interface ExportTarget {
  /** Called once, before the first piece. */
  begin(head: ExportHead): void;
  /**
   * Takes the next piece of the file. The export's database snapshot is open meanwhile, so it
   * should not wait for a slow reader.
   */
  write(piece: Uint8Array): Promise<void>;
}

/**
 * Streams the export into `target` and records it (resolving undefined), or, when it cannot be
 * streamed, writes it to a temporary file and returns that (see exportTranslations). After
 * `begin`, a rejection means the file is incomplete: its last bytes are written only once the
 * export is recorded, so the caller breaks the response off and the reader never sees a
 * well-formed file from a failed export.
 */
export async function exportTranslationsTo(
  ctx: ServiceContext,
  projectId: string,
  input: ExportInput,
  target: ExportTarget,
): Promise<ExportResult | undefined> {
  const plan = await planExport(ctx, projectId, input);
  if (plan.format === "json-flat" && plan.style === undefined) {
    const q: JsonFlatQuery = {
      projectId: plan.projectId,
      language: plan.language,
      namespace: input.namespace,
      includeUntranslated: plan.includeUntranslated,
      approvedOnly: input.approvedOnly === true,
    };
    const streamed = await ctx.db.readSnapshot(async (reader) => {
      await reader.arrays(SORT_IN_MEMORY);
      // Two keys sharing a full key are one property of the library's object (json-flat-stream.ts).
      if (await hasFullKeyCollision((sql, params) => reader.arrays(sql, params), plan.projectId, input.namespace)) return undefined;
      const facts = await jsonFlatFacts(reader, q, ctx.config.exportMaxBytes);
      if (!facts) return undefined;
      target.begin({ fileName: plan.fileName, totalKeys: facts.count, truncated: false, skipped: [] });
      await streamJsonFlat(reader, q, facts, (piece) => target.write(piece));
      return facts;
    });
    if (streamed) {
      await recordExport(ctx, plan, { written: streamed.count, truncated: false, skipped: [] });
      await target.write(Buffer.from(jsonFlatEnd(streamed.count)));
      return undefined;
    }
  }
  return writeExportFile(ctx, plan);
}
