// The server under fuzz: the real application on a random port over a database the caller opened
// (a fresh test database in the suite, a dedicated one for `pnpm fuzz`), with the AI providers
// pointed at the local fake so AI routes do real work, and no worker (queued jobs stay queued,
// so the database changes only through the requests themselves).
import type http from "node:http";
import type { Database } from "@locale/db";
import type { DestinationStream } from "pino";
import { loadConfig } from "../../../src/config";
import { createLogger } from "../../../src/logger";
import { createApp, listen } from "../../../src/server";
import { type FakeAiProviders, startFakeAiProviders } from "../fake-ai-providers";
import { jsonRequester } from "../json-request";
// Type only: test-server.ts registers vitest hooks, and `pnpm fuzz` runs outside vitest.
import type { TestServer } from "../test-server";
import { UNREACHED_RATE_LIMITS } from "../unreached-rate-limits";

export interface FuzzServer extends TestServer {
  ai: FakeAiProviders;
}

/** `logTo`: where log lines go (stdout when absent), e.g. a stream a test reads. */
export async function startFuzzServer(db: Database, env: Record<string, string> = {}, logTo?: DestinationStream): Promise<FuzzServer> {
  const ai = await startFakeAiProviders();
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    WORKER_MODE: "off",
    ANTHROPIC_API_KEY: "fake-anthropic-key",
    ANTHROPIC_BASE_URL: ai.anthropicUrl,
    OPENAI_API_KEY: "fake-openai-key",
    OPENAI_BASE_URL: ai.openaiUrl,
    AI_MAX_RETRIES: "0",
    AI_REQUEST_TIMEOUT_MS: "2000",
    WEBHOOK_TIMEOUT_MS: "2000",
    // The seeded webhooks point at a receiver on loopback; every other internal address stays refused.
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    ...UNREACHED_RATE_LIMITS,
    ...env,
  });
  const { app, deps } = createApp(db, config, createLogger(config.LOG_LEVEL, logTo));
  const { server, url } = await listen(app, 0, "127.0.0.1");
  config.publicUrl = url;
  deps.core.publicUrl = url;

  const request = jsonRequester(url);

  return {
    url,
    db,
    runtime: deps.runtime,
    config,
    ai,
    request,
    async close() {
      await new Promise<void>((resolve) => (server as http.Server).close(() => resolve()));
      (server as http.Server).closeAllConnections?.();
      await ai.close();
    },
  };
}
