// POST /projects/:projectId/import/:language — the import with the file itself as the request body
// (any content type), so its size is bounded by IMPORT_MAX_BODY_BYTES rather than the JSON limit and
// the api never holds it: the body is streamed to a temporary file (413 as soon as it passes the
// limit, before any database work), then read back in chunks by core's importTranslationFile.

import { randomUUID } from "node:crypto";
import { type FileHandle, open, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { badRequest, payloadTooLarge } from "@locale/core";
import { FORMAT_IDS, importTranslationFile, prepareImport } from "@locale/core/import-export";
import type { Request } from "express";
import { z } from "zod";
import { ZImportFileResponse } from "../routers/import-export/import-file";
import { PLACEHOLDERS_ON_IMPORT } from "../schemas/placeholders";
import type { PlainCall, PlainRoute } from "./plain-route";

const ZErrorRef = { $ref: "#/components/schemas/ErrorBody" } as const;
const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: ZErrorRef } } });

/** Copies the body into `file`; rejects with 413 once it passes `limit` (Node discards the rest). */
function spoolBody(req: Request, file: FileHandle, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let size = 0;
    let settled = false;
    let writing = Promise.resolve();
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.resume();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return fail(payloadTooLarge());
      req.pause();
      writing = writing.then(() => file.write(chunk)).then(() => void req.resume(), fail);
    };
    req.on("data", onData);
    req.once("end", () => {
      writing.then(() => {
        if (settled) return;
        settled = true;
        resolve();
      }, fail);
    });
    req.once("aborted", () => fail(badRequest("The request body was cut off")));
    req.once("error", fail);
  });
}

/** The spooled file from its start, in 256 KiB chunks (positional reads: it may be read twice). */
async function* readBack(file: FileHandle): AsyncIterable<Uint8Array> {
  const size = 256 * 1024;
  let position = 0;
  for (;;) {
    const buffer = Buffer.allocUnsafe(size);
    const { bytesRead } = await file.read(buffer, 0, size, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

async function handleImport({ deps, svc, params, query, req, res }: PlainCall): Promise<void> {
  const format = query.required("format");
  const namespace = query.single("namespace");
  if (namespace !== undefined && namespace.length > 200) {
    throw badRequest("namespace: must be at most 200 characters", [{ path: "namespace", message: "must be at most 200 characters" }]);
  }
  const overwrite = query.boolean("overwrite") ?? false;
  const dryRun = query.boolean("dryRun") ?? false;
  const fileName = query.single("fileName");
  if (fileName !== undefined && fileName.length > 1000) {
    throw badRequest("fileName: must be at most 1000 characters", [{ path: "fileName", message: "must be at most 1000 characters" }]);
  }
  const placeholders = query.single("placeholders");
  const limit = deps.config.IMPORT_MAX_BODY_BYTES;
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge();
  // Permission, language, format and namespace are checked before a byte of the file is stored.
  const prepared = await prepareImport(svc, String(params.projectId), {
    language: String(params.language),
    format,
    ...(namespace !== undefined ? { namespace } : {}),
    ...(fileName !== undefined ? { fileName } : {}),
    overwrite,
    dryRun,
    ...(placeholders !== undefined ? { placeholders } : {}),
  });
  // The temporary file is unlinked as soon as it is open: only this descriptor reaches it, and
  // nothing is left behind when the process dies mid-import.
  const name = path.join(tmpdir(), `locale-import-${randomUUID()}`);
  const file = await open(name, "w+", 0o600);
  try {
    await unlink(name);
    await spoolBody(req, file, limit);
    const result = await importTranslationFile(svc, prepared, () => readBack(file));
    res.status(200).json(result);
  } finally {
    await file.close();
  }
}

export const importRoute: PlainRoute = {
  // The body is the file: streamed to disk by the operation, under IMPORT_MAX_BODY_BYTES.
  operations: [{ method: "POST", path: "/projects/{projectId}/import/{language}", body: "raw", handle: handleImport }],
  docs: {
    "/projects/{projectId}/import/{language}": {
      post: {
        operationId: "importExport-importFileBody",
        tags: ["Import and export"],
        summary: "Import a translation file sent as the request body",
        description: [
          "The same import as `POST /projects/{projectId}/import` (one transaction, same rules and result), with the file itself as the request body — any content type, e.g. `application/octet-stream`; `mo` as the binary file, not base64 — and the options in the query.",
          "The body may be up to IMPORT_MAX_BODY_BYTES (default 100 MiB) instead of the JSON limit MAX_BODY_BYTES; a larger one is refused with 413 before anything is imported.",
          "`json-flat` and `json-nested` files are read as they stream in, so their size does not raise the server's memory use; in these two formats a key repeated within one object keeps its first occurrence (reported), like every other format. The other formats are parsed whole (at most 50 MiB).",
        ].join(" "),
        security: [{ apiKey: [] }, { session: [] }],
        requestParams: {
          path: z.object({
            projectId: z.string(),
            language: z.string().describe("The project's source language or one of its target languages"),
          }),
          query: z.object({
            format: z.enum(FORMAT_IDS),
            namespace: z.string().max(200).optional().describe("JSON formats only: every key of the file goes into this namespace"),
            overwrite: z.enum(["true", "false"]).optional().describe("Replace existing non-empty translations whose value differs"),
            fileName: z
              .string()
              .max(1000)
              .optional()
              .describe("The file's name or path: only used to detect its language (`detectedLanguage`)"),
            placeholders: z.enum(["icu"]).optional().describe(PLACEHOLDERS_ON_IMPORT),
            dryRun: z
              .enum(["true", "false"])
              .optional()
              .describe("`true`: a preview; the import runs in its transaction, which is rolled back (nothing is kept)"),
          }),
        },
        requestBody: {
          required: true,
          content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
        },
        responses: {
          "200": { description: "The import result", content: { "application/json": { schema: ZImportFileResponse } } },
          "400": errorResponse("Unknown format, bad query value, or a file that cannot be parsed (the message names the line)"),
          "401": errorResponse("No or invalid credentials"),
          "403": errorResponse("The role or token scopes do not allow import, or a cross-site cookie request"),
          "404": errorResponse("Unknown project (or another organization's)"),
          "409": errorResponse("The project is archived"),
          "413": errorResponse("The body is over IMPORT_MAX_BODY_BYTES, or reading the file needs more memory than IMPORT_PARSE_MEMORY_MB"),
          "422": errorResponse("Reading the file takes longer than IMPORT_PARSE_TIME_MS"),
        },
      },
    },
  },
};
