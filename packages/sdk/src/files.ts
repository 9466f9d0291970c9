// File import and export: the export download (a plain route answering raw bytes with
// X-Total-Keys / X-Export-Truncated) and the JSON import endpoint fed from bytes or text.

import type { RouteOutput } from "./operation-types";
import type { Transport } from "./transport";

/** Format identifiers (docs/api-rules.md, "Import and export"). */
export type FileFormat =
  | "json-flat"
  | "json-nested"
  | "yaml"
  | "android-xml"
  | "ios-strings"
  | "ios-stringsdict"
  | "xliff"
  | "xliff2"
  | "arb"
  | "po"
  | "pot"
  | "mo";

/** Placeholder syntaxes an export can write (docs/placeholders.md); `icu` is the values as stored. */
export type PlaceholderStyle = "icu" | "printf" | "python" | "android" | "ios" | "i18next" | "ruby" | "dotnet";

export interface ExportOptions {
  format: FileFormat;
  namespace?: string;
  includeUntranslated?: boolean;
  /** Write placeholders in this platform style; values it cannot express are left out (`skipped`). */
  placeholders?: PlaceholderStyle;
  signal?: AbortSignal;
}

export interface ExportedFile {
  /** The file exactly as the server wrote it. */
  data: Uint8Array;
  /** From `X-Total-Keys`: number of keys written. */
  totalKeys: number;
  /** From `X-Export-Truncated`: the size limit cut the file short. */
  truncated: boolean;
  /** From `X-Export-Skipped`: keys left out because the format or placeholder style cannot express them. */
  skipped: number;
  /** From `X-Export-Skipped-Keys`: the first of those keys (`namespace.key`). */
  skippedKeys: string[];
  /** From `Content-Disposition`, e.g. `fr.json`. */
  filename: string | null;
  contentType: string | null;
  /** The bytes decoded as UTF-8 (meaningless for `mo`). */
  text(): string;
}

export async function exportFile(transport: Transport, projectId: string, language: string, options: ExportOptions): Promise<ExportedFile> {
  const { signal, ...query } = options;
  const res = await transport.send({
    method: "GET",
    path: `/projects/${encodeURIComponent(projectId)}/export/${encodeURIComponent(language)}`,
    query,
    headers: { accept: "*/*" },
    signal,
  });
  const data = new Uint8Array(await res.arrayBuffer());
  const disposition = res.headers.get("content-disposition");
  const filename = disposition ? (/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null) : null;
  return {
    data,
    totalKeys: Number(res.headers.get("x-total-keys") ?? 0),
    truncated: res.headers.get("x-export-truncated") === "true",
    skipped: Number(res.headers.get("x-export-skipped") ?? 0),
    skippedKeys: (res.headers.get("x-export-skipped-keys") ?? "")
      .split(",")
      .filter((k) => k !== "")
      .map((k) => decodeURIComponent(k)),
    filename: filename ? decodeURIComponent(filename) : null,
    contentType: res.headers.get("content-type"),
    text: () => new TextDecoder().decode(data),
  };
}

export interface ImportRequest {
  language: string;
  format: FileFormat;
  /** The file: text, or bytes (UTF-8 text; base64-encoded for the binary `mo` format). */
  content: string | Uint8Array;
  /** JSON formats only: prefix for the imported keys. */
  namespace?: string;
  /** Replace existing translations (default false: only add what is missing). */
  overwrite?: boolean;
  /** `icu`: rewrite the file's placeholders as ICU arguments (docs/placeholders.md). */
  placeholders?: "icu";
  signal?: AbortSignal;
}

/** The import result (docs/api-rules.md, "Import and export"), used only until the import procedure exists in the router. */
interface DocumentedImportResult {
  imported: number;
  skipped: number;
  errors: { line?: number; key?: string; message: string }[];
  language: string;
  format: string;
}

export type ImportResult = RouteOutput<"POST", "/projects/{projectId}/import", DocumentedImportResult>;

export function encodeImportContent(format: FileFormat, content: string | Uint8Array): string {
  if (typeof content === "string") return content;
  if (format === "mo") return bytesToBase64(content);
  return new TextDecoder("utf-8").decode(content);
}

export async function importFile(transport: Transport, projectId: string, request: ImportRequest): Promise<ImportResult> {
  const { signal, content, ...rest } = request;
  return transport.json<ImportResult>({
    method: "POST",
    path: `/projects/${encodeURIComponent(projectId)}/import`,
    body: { ...rest, content: encodeImportContent(request.format, content) },
    signal,
  });
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Infers a format id from a file name, for the CLI and `importFromPath`. */
export function formatFromFileName(name: string): FileFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith(".stringsdict")) return "ios-stringsdict";
  if (lower.endsWith(".strings")) return "ios-strings";
  if (lower.endsWith(".arb")) return "arb";
  if (lower.endsWith(".xlf") || lower.endsWith(".xliff")) return "xliff";
  if (lower.endsWith(".xml")) return "android-xml";
  if (lower.endsWith(".yaml") || lower.endsWith(".yml")) return "yaml";
  if (lower.endsWith(".pot")) return "pot";
  if (lower.endsWith(".po")) return "po";
  if (lower.endsWith(".mo")) return "mo";
  if (lower.endsWith(".json")) return "json-nested";
  return undefined;
}
