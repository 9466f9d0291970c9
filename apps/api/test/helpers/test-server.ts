// A real HTTP server on a random port over a fresh database (PGlite, or PostgreSQL when
// TEST_DB_BACKEND=postgres), plus small fetch helpers for black-box tests.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CoreRuntime } from "@locale/core";
import { createDb, createTestDb, type Database } from "@locale/db";
import { startWorker } from "@locale/worker";
import { type AppConfig, loadConfig } from "../../src/config";
import { createLogger } from "../../src/logger";
import { coreConfigOf, createApp, listen } from "../../src/server";
import { adapterReference } from "./adapter-reference";
import { recordContract } from "./contract-recorder";
import { jsonRequester } from "./json-request";
import { UNREACHED_RATE_LIMITS } from "./unreached-rate-limits";

export { UNREACHED_RATE_LIMITS };

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body string (sent as is, with Content-Type application/json unless headers say otherwise). */
  rawBody?: string | Uint8Array;
  apiKey?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  /**
   * With `bareExpress`: the same application served by express alone, the OpenAPI adapter in place
   * of the REST dispatcher (helpers/adapter-reference.ts): the reference the dispatcher is compared with.
   */
  bareUrl?: string;
  db: Database;
  /** The server's own caches and clients (createApp made them); a test reads them, never another server's. */
  runtime: CoreRuntime;
  config: AppConfig;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: { worker?: boolean; logQueries?: boolean; bareExpress?: boolean; databaseUrl?: string } = {},
): Promise<TestServer> {
  // A database of the test's own (a private PostgreSQL cluster), else a fresh test database.
  const dbOptions = env.DB_TRANSACTION_MAX_WAIT_MS ? { transactionMaxWaitMs: Number(env.DB_TRANSACTION_MAX_WAIT_MS) } : {};
  const db = options.databaseUrl
    ? await createDb(options.databaseUrl, dbOptions)
    : await createTestDb({ logQueries: options.logQueries, ...dbOptions });
  // Webhook receivers in tests listen on loopback: reached through the operator allow-list.
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    WORKER_MODE: "off",
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    // The rate limiter runs (headers, shared buckets) but never refuses unless a test lowers it.
    ...UNREACHED_RATE_LIMITS,
    ...env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const { app, deps } = createApp(db, config, logger, options.bareExpress ? { restReference: adapterReference } : {});
  const { server, url } = await listen(app, 0, "127.0.0.1");
  await recordContract(server, url);
  let bare: http.Server | undefined;
  if (options.bareExpress) {
    bare = http.createServer(app);
    await new Promise<void>((resolve) => bare!.listen(0, "127.0.0.1", resolve));
  }
  const worker = options.worker
    ? await startWorker({ db, config: coreConfigOf(config), runtime: deps.runtime, env: { ...config }, logger })
    : null;
  // The port is known only now; links (invitations) and the CSRF origin use the real address.
  if (!env.PUBLIC_URL) {
    config.publicUrl = url;
    deps.core.publicUrl = url;
  }

  const request = jsonRequester(url);

  return {
    url,
    bareUrl: bare ? `http://127.0.0.1:${(bare.address() as AddressInfo).port}` : undefined,
    db,
    runtime: deps.runtime,
    config,
    request,
    async close() {
      await worker?.stop();
      if (bare) await new Promise<void>((resolve) => bare!.close(() => resolve()));
      await new Promise<void>((resolve) => (server as http.Server).close(() => resolve()));
      (server as http.Server).closeAllConnections?.();
      await db.close();
    },
  };
}

export { signUpUser, type TestUser } from "./sign-up-user";
