// Node-only helpers (file system access), kept out of the browser-safe entry point.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { LocaleClient } from "./client";
import { type FileFormat, formatFromFileName, type ImportRequest, type ImportResult } from "./files";

export interface ImportFromPathOptions extends Omit<ImportRequest, "content" | "format"> {
  /** Defaults to the format inferred from the file extension. */
  format?: FileFormat;
}

/** Reads a locale file from disk and imports it. */
export async function importFromPath(
  client: LocaleClient,
  projectId: string,
  filePath: string,
  options: ImportFromPathOptions,
): Promise<ImportResult> {
  const format = options.format ?? formatFromFileName(filePath);
  if (!format) throw new TypeError(`Cannot infer the format of ${path.basename(filePath)}; pass options.format`);
  const content = new Uint8Array(await readFile(filePath));
  return client.files.import(projectId, { ...options, format, content });
}

export * from "./index";
