// Configuration from environment variables, parsed once at start-up; a bad value stops start-up
// with a message naming the variable.
import { type OidcProviderConfig, oidcProvidersFromEnv } from "@locale/core/auth/oidc";
import { type QuotaConfig, quotaConfigFromEnv } from "@locale/core/limits";
import { type ScreenshotConfig, screenshotStorageFromEnv } from "@locale/core/screenshots";
import { DEFAULT_TM_ENGINE_SETTINGS, type TmEngineSettings } from "@locale/core/tm";
import { DEFAULT_HEAP_GROWTH_PERCENT, MAX_HEAP_GROWTH_PERCENT, resolveFromUserDirectory } from "@locale/runtime";
import express from "express";
import { z } from "zod";

const bool = (def: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((v) => (v === undefined ? def : ["true", "1", "yes"].includes(v)));

/** TRUST_PROXY as express takes it: `true`/`false`, a number of hops, or a list of trusted peers. */
export function trustProxyOf(value: string): boolean | number | string {
  const v = value.trim();
  if (v === "true" || v === "false") return v === "true";
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

function trustProxyIsValid(value: boolean | number | string): boolean {
  try {
    express().set("trust proxy", value);
    return true;
  } catch {
    return false;
  }
}

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: z.string().optional(),
  /** Embedded database directory; a relative path is taken from where the command was run. */
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: z.string().url().optional(),
  /** Unset: derived from PUBLIC_URL (https → Secure and the `__Host-` name); set: an override. */
  COOKIE_SECURE: z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((v) => (v === undefined ? undefined : ["true", "1", "yes"].includes(v))),
  CORS_ORIGINS: z.string().default(""),
  ALLOW_SIGNUP: bool(true),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  /** Body limit of the raw-file import (POST /projects/:id/import/:language), which streams the file to disk. */
  IMPORT_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /** Uploads larger than this are parsed in a worker thread, off the event loop (core's parse-off-loop). */
  IMPORT_PARSE_INLINE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024),
  /** Heap budget of one parse worker, in MiB; a file that needs more is refused with 413. */
  IMPORT_PARSE_MEMORY_MB: z.coerce.number().int().min(16).default(512),
  /** Time budget of one parse, in milliseconds; a file that takes longer is refused with 422. */
  IMPORT_PARSE_TIME_MS: z.coerce.number().int().positive().default(60_000),
  /** Parse workers at once (default: cores - 1, 1 to 4); more large uploads wait their turn. */
  IMPORT_PARSE_WORKERS: z.coerce.number().int().positive().optional(),
  PROJECT_RETENTION_DAYS: z.coerce.number().int().min(0).default(30),
  EXPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Public delivery: a process re-reads a delivery id's channel after this even without a NOTIFY (docs/delivery.md). */
  DELIVERY_CACHE_TTL_MS: z.coerce.number().int().min(100).default(30_000),
  /** Public delivery: hits are logged as one summary line per this interval, not a line each (docs/delivery.md). */
  DELIVERY_LOG_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** embedded: run the worker inside the api process; off: a separate `apps/worker` runs it. */
  WORKER_MODE: z.enum(["embedded", "off"]).optional(),
  /** Delay before a failed webhook delivery's first retry; it doubles with every attempt. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().positive().default(30),
  /** Internal hosts (names, addresses, CIDR ranges) webhooks may target; see core's webhook-address. */
  WEBHOOK_ALLOWED_HOSTS: z.string().default(""),
  /** SIGTERM/SIGINT: in-flight requests get most of this to finish; then the process exits. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Full garbage collection once the heap has grown this much past its live size (0: V8's own choice). */
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(MAX_HEAP_GROWTH_PERCENT).default(DEFAULT_HEAP_GROWTH_PERCENT),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Locale Service <no-reply@localhost>"),
  DEFAULT_AI_PROVIDER: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().optional(),
  AI_MAX_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** Vendor model overrides: JSON object or `id=vendor,...` (see core's model-registry). */
  AI_MODEL_MAP: z.string().optional(),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(4),
  AI_RETRY_BASE_MS: z.coerce.number().int().min(0).default(500),
  AI_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** A batch job whose worker has not renewed its lease for this long is taken over by another. */
  AI_JOB_LEASE_MS: z.coerce.number().int().min(200).default(30_000),
  /** Machine translation engines (docs/machine-translation.md): deployment keys and endpoints. */
  DEEPL_API_KEY: z.string().optional(),
  DEEPL_ENDPOINT: z.string().optional(),
  GOOGLE_TRANSLATE_API_KEY: z.string().optional(),
  GOOGLE_TRANSLATE_ENDPOINT: z.string().optional(),
  AZURE_TRANSLATOR_KEY: z.string().optional(),
  AZURE_TRANSLATOR_REGION: z.string().optional(),
  AZURE_TRANSLATOR_ENDPOINT: z.string().optional(),
  AMAZON_TRANSLATE_ACCESS_KEY_ID: z.string().optional(),
  AMAZON_TRANSLATE_SECRET_ACCESS_KEY: z.string().optional(),
  AMAZON_TRANSLATE_REGION: z.string().optional(),
  AMAZON_TRANSLATE_ENDPOINT: z.string().optional(),
  /** Lets organizations point an engine at a plain-http endpoint (local servers); otherwise https only. */
  MT_ALLOW_HTTP_ENDPOINTS: z.enum(["true", "false", "1", "0"]).default("false"),
  /** Interval of the SSE heartbeat comments on batch job streams. */
  AI_SSE_HEARTBEAT_MS: z.coerce.number().int().min(50).default(15_000),
  /** How long an e-mailed password-reset link works. */
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
  /** Wrong passwords per account, and per client address, within the window before a block. */
  SIGNIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  SIGNIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  /** Length of a sign-in block, and of the window in which failures count. */
  SIGNIN_BLOCK_SECONDS: z.coerce.number().int().min(1).default(900),
  /** express "trust proxy": which peers' X-Forwarded-For names the client (`req.ip`); see trustProxyOf. */
  TRUST_PROXY: z
    .string()
    .default("loopback")
    .refine(
      (v) => trustProxyIsValid(trustProxyOf(v)),
      "must be true, false, a hop count, or comma-separated addresses/CIDR ranges/loopback/linklocal/uniquelocal",
    ),
  /** How long a request waits for a database transaction to start before a 503 (docs/imports-on-pglite.md). */
  DB_TRANSACTION_MAX_WAIT_MS: z.coerce.number().int().min(100).default(20_000),
  /** The native TM engine (docs/tm-search.md): off makes every TM search read the database. */
  TM_ENGINE: z.enum(["on", "off"]).default("on"),
  /** A language pair gets an in-process copy for the engine from this many entries on. */
  TM_ENGINE_MIN_ENTRIES: z.coerce.number().int().min(1).default(DEFAULT_TM_ENGINE_SETTINGS.minEntries),
  /** The copies of one process together stay below this many MiB (least recently used dropped first). */
  TM_ENGINE_MAX_MB: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_TM_ENGINE_SETTINGS.maxBytes / 1024 / 1024),
  /** Requests per minute and burst of each API key and each signed-in user (0: not limited). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().min(0).default(600),
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).default(120),
  /** The same for each client address without valid credentials. */
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().min(0).default(120),
  RATE_LIMIT_ANONYMOUS_BURST: z.coerce.number().int().min(1).default(60),
  /** How often a process exchanges its spent tokens with the buckets in the database. */
  RATE_LIMIT_SYNC_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /** Per-organization quotas (docs/api-rules.md, "Quotas"): a whole number, or unset/"unlimited". */
  QUOTA_KEYS: z.string().optional(),
  QUOTA_PROJECTS: z.string().optional(),
  QUOTA_MEMBERS: z.string().optional(),
  QUOTA_AI_CHARACTERS_PER_MONTH: z.string().optional(),
  /** JSON object keyed by organization id or slug: `{"acme": {"keys": 100000, "members": null}}`. */
  QUOTA_OVERRIDES: z.string().optional(),
  /** OpenID Connect providers: `<id>,<id>`, each configured by OIDC_<ID>_* (core's oidc-providers). */
  OIDC_PROVIDERS: z.string().default(""),
  /** Screenshots (docs/visual-context.md): largest upload in bytes and in pixels, images decoded at once. */
  SCREENSHOT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  SCREENSHOT_MAX_PIXELS: z.coerce.number().int().positive().default(50_000_000),
  SCREENSHOT_PROCESSING: z.coerce.number().int().min(1).max(16).default(2),
  /** `database` (default) keeps images in the database; `s3` in the S3-compatible storage of S3_*. */
  SCREENSHOT_STORAGE: z.enum(["database", "s3"]).default("database"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Unset: path-style addressing when S3_ENDPOINT is set (what self-hosted servers expect). */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  S3_PREFIX: z.string().default(""),
});

export type Env = z.infer<typeof ZEnv>;

export interface AppConfig extends Env {
  publicUrl: string;
  corsOrigins: string[];
  workerMode: "embedded" | "off";
  /** Sign-in providers parsed from OIDC_PROVIDERS and OIDC_<ID>_* (docs/sign-in-with-oidc.md). */
  oidcProviders: OidcProviderConfig[];
  /** QUOTA_* parsed (core's quota-config). */
  quotas: QuotaConfig;
  /** SCREENSHOT_* and S3_* parsed. */
  screenshots: ScreenshotConfig;
}

function screenshotsOf(e: Env): ScreenshotConfig {
  const base = { maxBytes: e.SCREENSHOT_MAX_BYTES, maxPixels: e.SCREENSHOT_MAX_PIXELS, processing: e.SCREENSHOT_PROCESSING };
  try {
    // The same reading as the standalone worker's (it deletes objects of deleted screenshots).
    const storage = screenshotStorageFromEnv({
      SCREENSHOT_STORAGE: e.SCREENSHOT_STORAGE,
      S3_BUCKET: e.S3_BUCKET,
      S3_REGION: e.S3_REGION,
      S3_ENDPOINT: e.S3_ENDPOINT,
      S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: e.S3_FORCE_PATH_STYLE === undefined ? undefined : String(e.S3_FORCE_PATH_STYLE),
      S3_PREFIX: e.S3_PREFIX,
    });
    return { ...base, storage };
  } catch (error) {
    const lines = (error as Error).message.split("\n").map((line) => `  ${line}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
}

function quotasOf(env: Record<string, string | undefined>): QuotaConfig {
  try {
    return quotaConfigFromEnv(env);
  } catch (error) {
    throw new Error(`Invalid configuration:\n  ${(error as Error).message}`);
  }
}

function oidcProvidersOf(env: Record<string, string | undefined>): OidcProviderConfig[] {
  try {
    return oidcProvidersFromEnv(env);
  } catch (error) {
    const lines = (error as Error).message.split("\n").map((line) => `  ${line}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const shownHost = e.HOST === "0.0.0.0" || e.HOST === "::" ? "127.0.0.1" : e.HOST;
  return {
    ...e,
    DATA_DIR: resolveFromUserDirectory(e.DATA_DIR, env),
    DATABASE_URL: e.DATABASE_URL?.startsWith("file:")
      ? `file:${resolveFromUserDirectory(e.DATABASE_URL.slice("file:".length), env)}`
      : e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/+$/, ""),
    // A service reached over https never sends its session cookie over plain http.
    COOKIE_SECURE: e.COOKIE_SECURE ?? e.PUBLIC_URL?.toLowerCase().startsWith("https:") ?? false,
    corsOrigins: e.CORS_ORIGINS.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    // Embedded PGlite has one connection in one process: the worker must run inside the api.
    workerMode: e.WORKER_MODE ?? "embedded",
    oidcProviders: oidcProvidersOf(env),
    quotas: quotasOf(env),
    screenshots: screenshotsOf(e),
  };
}

/** The TM engine's settings from TM_ENGINE, TM_ENGINE_MIN_ENTRIES and TM_ENGINE_MAX_MB. */
export function tmEngineSettingsOf(config: Env): TmEngineSettings {
  return {
    ...DEFAULT_TM_ENGINE_SETTINGS,
    enabled: config.TM_ENGINE === "on",
    minEntries: config.TM_ENGINE_MIN_ENTRIES,
    maxBytes: config.TM_ENGINE_MAX_MB * 1024 * 1024,
  };
}
