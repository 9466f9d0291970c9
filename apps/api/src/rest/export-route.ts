// GET /projects/:projectId/export/:language — a file download, so a plain operation: the body
// is the raw file (binary for `mo`), described by headers rather than a JSON envelope. Core sends
// json-flat as it reads the rows (through a DownloadWriter) and writes any other file to a
// temporary file first, which is streamed out from disk; the headers are the same either way.

import { once } from "node:events";
import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import {
  type ExportHead,
  type ExportInput,
  exportAllLanguages,
  exportTranslationsTo,
  FORMAT_IDS,
  SKIPPED_KEYS_IN_ACTIVITY,
} from "@locale/core/import-export";
import { PLACEHOLDER_STYLES } from "@locale/formats";
import type { Response } from "express";
import { z } from "zod";
import type { PlainQuery } from "./dispatch/plain-query";
import { DownloadWriter } from "./download-writer";
import type { PlainCall, PlainRoute } from "./plain-route";

const ZErrorRef = { $ref: "#/components/schemas/ErrorBody" } as const;
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ZErrorRef } } });

/** The first left-out keys (full keys, percent-encoded, comma-separated), as the activity lists them. */
function skippedKeysHeader(skipped: Array<{ key: string; namespace?: string }>): string {
  return skipped
    .slice(0, SKIPPED_KEYS_IN_ACTIVITY)
    .map((s) => encodeURIComponent(s.namespace ? `${s.namespace}.${s.key}` : s.key))
    .join(",");
}

/** The export options of the query string (both export routes). */
function exportOptions(query: PlainQuery): Omit<ExportInput, "language"> {
  const format = query.required("format");
  const namespace = query.single("namespace");
  const includeUntranslated = query.boolean("includeUntranslated");
  const approvedOnly = query.boolean("approvedOnly");
  const placeholders = query.single("placeholders");
  return {
    format,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(includeUntranslated !== undefined ? { includeUntranslated } : {}),
    ...(approvedOnly ? { approvedOnly } : {}),
    ...(placeholders !== undefined ? { placeholders } : {}),
  };
}

/** Streams a temporary file out; it is removed as soon as it is open (the descriptor keeps it readable). */
async function sendTemporaryFile(res: Response, file: { filePath: string; dispose: () => Promise<void> }): Promise<void> {
  const stream = createReadStream(file.filePath, { highWaterMark: 256 * 1024 });
  try {
    await once(stream, "open");
  } finally {
    await file.dispose();
  }
  try {
    await pipeline(stream, res);
  } catch {
    // The client went away mid-download: nothing to answer.
  }
}

async function handleExportZip({ svc, params, query, res }: PlainCall): Promise<void> {
  const result = await exportAllLanguages(svc, String(params.projectId), exportOptions(query));
  res.status(200);
  res.setHeader("Content-Type", "application/zip");
  res.setHeader("Content-Disposition", `attachment; filename="${result.fileName}"`);
  res.setHeader("X-Export-Files", result.files.map((f) => f.fileName).join(","));
  res.setHeader("Access-Control-Expose-Headers", "Content-Disposition, X-Export-Files");
  res.setHeader("Content-Length", String(result.byteLength));
  await sendTemporaryFile(res, result);
}

/** The documented headers of a single-language export. */
function setExportHeaders(res: Response, head: ExportHead): void {
  res.status(200);
  res.setHeader("Content-Type", "application/octet-stream");
  res.setHeader("Content-Disposition", `attachment; filename="${head.fileName}"`);
  res.setHeader("X-Total-Keys", String(head.totalKeys));
  res.setHeader("X-Export-Truncated", String(head.truncated));
  res.setHeader("X-Export-Skipped", String(head.skipped.length));
  if (head.skipped.length > 0) res.setHeader("X-Export-Skipped-Keys", skippedKeysHeader(head.skipped));
  res.setHeader(
    "Access-Control-Expose-Headers",
    "Content-Disposition, X-Total-Keys, X-Export-Truncated, X-Export-Skipped, X-Export-Skipped-Keys",
  );
  // A streamed file's size is not known before it is written: it goes out chunked.
  if (head.byteLength !== undefined) res.setHeader("Content-Length", String(head.byteLength));
}

async function handleExport({ svc, params, query, req, res }: PlainCall): Promise<void> {
  const options = exportOptions(query);
  const download = new DownloadWriter(res);
  let begun = false;
  let file: Awaited<ReturnType<typeof exportTranslationsTo>>;
  try {
    file = await exportTranslationsTo(
      svc,
      String(params.projectId),
      { ...options, language: String(params.language) },
      {
        begin: (head) => {
          begun = true;
          setExportHeaders(res, head);
        },
        write: (piece) => download.write(piece),
      },
    );
  } catch (err) {
    if (!begun) throw err;
    // Part of the file may be out: break the response off (no last chunk), so the client sees a
    // failed download rather than a file that looks complete.
    req.log?.error({ err }, "export failed while streaming");
    await download.abort();
    return;
  }
  if (!file) {
    // Only the sending of what waited on disk is left; a client gone meanwhile is no error.
    await download.end().catch((err: unknown) => req.log?.error({ err }, "export failed while sending"));
    return;
  }
  setExportHeaders(res, file);
  // Core wrote a temporary file; once it is open it is removed, so neither a dropped download nor
  // a dying process leaves it behind.
  await sendTemporaryFile(res, file);
}

const exportQuery = z.object({
  format: z.enum(FORMAT_IDS),
  namespace: z.string().optional().describe("Only keys of this namespace, written without the namespace prefix"),
  includeUntranslated: z.enum(["true", "false"]).optional(),
  approvedOnly: z
    .enum(["true", "false"])
    .optional()
    .describe("`true`: only approved values; the others are written as untranslated (empty, or left out by the runtime formats)"),
  placeholders: z
    .enum(PLACEHOLDER_STYLES)
    .optional()
    .describe(
      "Write placeholders in this platform style (`icu` as stored, the default; `printf`, `python`, `android`, `ios`, `i18next`, `ruby`, `dotnet`), positional whenever a message has more than one argument, numbered by the source-language value. A value the style cannot express is left out and counted in `X-Export-Skipped`.",
    ),
});

export const exportRoute: PlainRoute = {
  operations: [
    { method: "GET", path: "/projects/{projectId}/export/{language}", body: "json", handle: handleExport },
    { method: "GET", path: "/projects/{projectId}/export-zip", body: "json", handle: handleExportZip },
  ],
  docs: {
    "/projects/{projectId}/export-zip": {
      get: {
        operationId: "importExport-exportZip",
        tags: ["Import and export"],
        summary: "Export every project language in one format as a zip archive",
        description:
          "One entry per project language, source first, named `<language>.<ext>`: each is the file GET /projects/{projectId}/export/{language} gives with the same query (and records the same export activity). Archived projects can be exported.",
        security: [{ apiKey: [] }, { session: [] }],
        requestParams: { path: z.object({ projectId: z.string() }), query: exportQuery },
        responses: {
          "200": {
            description: "The zip archive",
            headers: {
              "Content-Disposition": { description: 'attachment; filename="<project>-<format>.zip"', schema: { type: "string" } },
              "X-Export-Files": { description: "The archive's file names, comma-separated, in order", schema: { type: "string" } },
            },
            content: { "application/zip": { schema: { type: "string", format: "binary" } } },
          },
          "400": errorResponse("Unknown format or bad query value"),
          "401": errorResponse("No or invalid credentials"),
          "403": errorResponse("The role or token scopes do not allow export"),
          "404": errorResponse("Unknown project (or another organization's)"),
        },
      },
    },
    "/projects/{projectId}/export/{language}": {
      get: {
        operationId: "importExport-exportFile",
        tags: ["Import and export"],
        summary: "Export one project language as a file",
        description:
          "Raw file body (binary for `mo`). Keys are ordered by namespace, then key, byte order (json-nested: by the full key `namespace.key`, its tree). `xliff`, `xliff2`, `po` and `pot` hold every key (untranslated ones with an empty target); the other formats hold only keys with a value; `includeUntranslated` overrides. The file is cut at EXPORT_MAX_BYTES by dropping whole entries from the end (`X-Export-Truncated: true`). A language that is not (or no longer) a project language answers 404. Archived projects can be exported.",
        security: [{ apiKey: [] }, { session: [] }],
        requestParams: {
          path: z.object({
            projectId: z.string(),
            language: z.string().describe("The source language or a target language of the project"),
          }),
          query: exportQuery,
        },
        responses: {
          "200": {
            description: "The file",
            headers: {
              "Content-Disposition": { description: 'attachment; filename="<language>.<ext>"', schema: { type: "string" } },
              "X-Total-Keys": { description: "Number of keys written to the file", schema: { type: "integer" } },
              "X-Export-Truncated": {
                description: "`true` when entries were dropped to stay under EXPORT_MAX_BYTES",
                schema: { type: "string", enum: ["true", "false"] },
              },
              "X-Export-Skipped": {
                description:
                  "Number of keys left out because the format (or the `placeholders` style) cannot express them (e.g. a key that is not an Android resource name, an ICU date argument in printf); the export activity lists them",
                schema: { type: "integer" },
              },
              "X-Export-Skipped-Keys": {
                description: "The first 50 left-out keys (`namespace.key`), each percent-encoded, comma-separated; absent when none",
                schema: { type: "string" },
              },
            },
            content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
          },
          "400": errorResponse("Unknown format or bad query value"),
          "401": errorResponse("No or invalid credentials"),
          "403": errorResponse("The role or token scopes do not allow export"),
          "404": errorResponse("Unknown project (or another organization's), or not a language of the project"),
        },
      },
    },
  },
};
