// Where the CLI's settings come from, strongest first: flags, environment (API_URL, API_KEY,
// PROJECT_ID), then `.localerc.json` (found in the working directory or given with --config).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type FileFormat, formatFromFileName } from "@locale/sdk";
import { UsageError } from "./usage-error";

export interface LocaleRc {
  apiUrl?: string;
  /** Discouraged (prefer the API_KEY environment variable), but accepted. */
  apiKey?: string;
  projectId?: string;
  /** Path pattern of the locale files, e.g. `locales/{language}.json`. */
  files?: string;
  format?: FileFormat;
  namespace?: string;
}

export interface CliConfig {
  apiUrl: string;
  apiKey: string;
  projectId: string;
  files?: string;
  format?: FileFormat;
  namespace?: string;
  /** Directory that relative file patterns are resolved against (the config file's, or cwd). */
  baseDir: string;
}

export interface ConfigFlags {
  "api-url"?: string;
  "api-key"?: string;
  project?: string;
  config?: string;
  files?: string;
  format?: string;
  namespace?: string;
}

const FORMATS = new Set<string>([
  "json-flat",
  "json-nested",
  "yaml",
  "android-xml",
  "ios-strings",
  "ios-stringsdict",
  "xliff",
  "xliff2",
  "arb",
  "po",
  "pot",
  "mo",
]);

async function readRc(file: string, required: boolean): Promise<LocaleRc | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new UsageError(`cannot read config file ${file}: ${(error as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("expected a JSON object");
    return parsed as LocaleRc;
  } catch (error) {
    throw new UsageError(`invalid config file ${file}: ${(error as Error).message}`);
  }
}

export async function resolveConfig(flags: ConfigFlags, env: Record<string, string | undefined>, cwd: string): Promise<CliConfig> {
  const rcPath = flags.config ? path.resolve(cwd, flags.config) : path.join(cwd, ".localerc.json");
  const rc = (await readRc(rcPath, !!flags.config)) ?? {};
  const apiUrl = flags["api-url"] ?? env.API_URL ?? rc.apiUrl;
  const apiKey = flags["api-key"] ?? env.API_KEY ?? rc.apiKey;
  const projectId = flags.project ?? env.PROJECT_ID ?? rc.projectId;
  const missing = [
    !apiUrl && "API URL (--api-url, API_URL or apiUrl)",
    !apiKey && "API key (--api-key or API_KEY)",
    !projectId && "project (--project, PROJECT_ID or projectId)",
  ].filter(Boolean);
  if (missing.length > 0) throw new UsageError(`missing ${missing.join(", ")}`);
  const format = flags.format ?? rc.format;
  if (format !== undefined && !FORMATS.has(format))
    throw new UsageError(`unknown format "${format}"; expected one of ${[...FORMATS].join(", ")}`);
  return {
    apiUrl: apiUrl!,
    apiKey: apiKey!,
    projectId: projectId!,
    files: flags.files ?? rc.files,
    format: format as FileFormat | undefined,
    namespace: flags.namespace ?? rc.namespace,
    baseDir: flags.files ? cwd : path.dirname(rcPath),
  };
}

/** The format to use for a pattern: the configured one, or inferred from its extension. */
export function formatFor(config: CliConfig, pattern: string): FileFormat {
  const format = config.format ?? formatFromFileName(pattern);
  if (!format) throw new UsageError(`cannot infer the file format of "${pattern}"; pass --format`);
  return format;
}
