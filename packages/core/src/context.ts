import type { Database } from "@locale/db";
import type { AiConfig } from "./ai/ai-config";
import type { AccountConfig } from "./auth/account-config";
import type { Actor } from "./auth/actor";
import type { ClientInfo } from "./auth/sessions";
import type { QuotaConfig } from "./limits/quota-config";
import type { MailConfig } from "./mail/mail-config";
import type { CoreRuntime } from "./runtime/core-runtime";
import type { ScreenshotConfig } from "./screenshots/screenshot-config";

/** Deployment settings the domain needs (parsed from the environment by the app). */
export interface CoreConfig {
  /** Public address of the service, for links in e-mails. */
  publicUrl: string;
  projectRetentionDays: number;
  exportMaxBytes: number;
  allowSignup: boolean;
  /** Outgoing e-mail (invitations); absent means "log it, keep it in the outbox". */
  mail?: MailConfig;
  /** AI providers and throttling; absent means no deployment-level AI configuration. */
  ai?: AiConfig;
  /** WEBHOOK_ALLOWED_HOSTS: internal hosts webhooks may target (public addresses need no listing). */
  webhookAllowedHosts?: string[];
  /** Password resets and sign-in throttling; absent means the defaults (DEFAULT_ACCOUNT_CONFIG). */
  account?: AccountConfig;
  /** QUOTA_*: per-organization quotas (docs/api-rules.md, "Quotas"); absent means unlimited. */
  quotas?: QuotaConfig;
  /** SCREENSHOT_* and S3_*: upload limits and where images are kept; absent means the defaults. */
  screenshots?: ScreenshotConfig;
}

export interface ServiceContext {
  db: Database;
  actor: Actor;
  config: CoreConfig;
  /** The process's caches and clients (runtime/core-runtime.ts), made at the composition root. */
  runtime: CoreRuntime;
}

/** Context for code that runs without a caller (sign-in, the worker's purge job). */
export interface SystemContext {
  db: Database;
  config: CoreConfig;
  /** The process's caches and clients, as in ServiceContext. */
  runtime: CoreRuntime;
  /** The HTTP client, when there is one: recorded on new sessions, keys address throttling. */
  client?: ClientInfo;
}

export const DEFAULT_CORE_CONFIG: CoreConfig = {
  publicUrl: "http://127.0.0.1:3000",
  projectRetentionDays: 30,
  exportMaxBytes: 50 * 1024 * 1024,
  allowSignup: true,
};
