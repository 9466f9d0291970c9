// Builds the express application: JSON body limits, credentials, CSRF, tRPC at /trpc, the OpenAPI
// document and the docs browser, what is left of REST at /api/v1 and /api; and the REST dispatcher
// (rest/dispatch/) that `listen` puts in front of it for every procedure route and plain operation.
import http from "node:http";
import { type CoreConfig, createCoreRuntime } from "@locale/core";
import { aiConfigFromEnv } from "@locale/core/ai";
import { configureFileParsing } from "@locale/core/import-export";
import { configureTmEngine } from "@locale/core/tm";
import { parseAllowedHosts } from "@locale/core/webhooks";
import type { Database } from "@locale/db";
import { createExpressMiddleware } from "@trpc/server/adapters/express";
import express from "express";
import type { Logger } from "pino";
import swaggerUi from "swagger-ui-express";
import { type AppConfig, tmEngineSettingsOf, trustProxyOf } from "./config";
import { DeliveryLog } from "./delivery/delivery-log";
import { DeliveryCache, deliveryRoute } from "./delivery/delivery-route";
import { graphqlHandlers } from "./graphql";
import { type RateLimitGate, rateLimitGate } from "./limits/rate-limit-gate";
import type { RateLimiter } from "./limits/rate-limiter";
import { createLogger, requestLogger } from "./logger";
import { mountAcceptInvitePage } from "./rest/accept-invite-page";
import { answerClientError, MAX_HEADER_BYTES } from "./rest/client-errors";
import { corsPolicy } from "./rest/cors";
import { csrfGuard } from "./rest/csrf";
import { restDispatcher } from "./rest/dispatch/dispatcher";
import { expressErrorHandler, notFoundRoute, retryAfterHeaders } from "./rest/error-responses";
import { guardInput, guardTrpcInput } from "./rest/input-guard";
import { mountOidcRoutes } from "./rest/oidc-routes";
import { buildOpenApiDocument } from "./rest/openapi";
import { refuseAmbiguousPaths } from "./rest/path-guard";
import { PLAIN_ROUTES } from "./rest/plain-routes";
import { unknownRestRoute } from "./rest/unknown-rest-route";
import { RetryAfterResponse, retryAfterOnUnavailable } from "./retry-after-response";
import { appRouter } from "./routers";
import { type AppDeps, contextFactory } from "./trpc/context";
import { trpcParserErrors } from "./trpc/error-envelope";
import { logInternalError } from "./trpc/log-internal-error";
import { mountWebApp } from "./web/web-app";

export interface AppServer {
  app: express.Express;
  deps: AppDeps;
  logger: Logger;
  /** The request rate limiter (null when RATE_LIMIT_* turn it off); `listen` puts it in front. */
  rateLimiter: RateLimiter | null;
  /** The public delivery's summary log line: shutdown writes what is counted but not yet written. */
  deliveryLog: DeliveryLog;
}

export function coreConfigOf(config: AppConfig, logger?: Logger): CoreConfig {
  return {
    publicUrl: config.publicUrl,
    projectRetentionDays: config.PROJECT_RETENTION_DAYS,
    exportMaxBytes: config.EXPORT_MAX_BYTES,
    allowSignup: config.ALLOW_SIGNUP,
    mail: {
      smtpUrl: config.SMTP_URL || null,
      from: config.MAIL_FROM,
      // Without SMTP the mail (its only secret is the invitation link) goes to the server log.
      log: logger ? (mail) => logger.info({ mail }, "e-mail not sent (no SMTP_URL configured); kept in the outbox") : undefined,
    },
    // One parsed QUOTA_* for the AI characters and the other quotas.
    ai: { ...aiConfigFromEnv({ ...config }), quotas: config.quotas },
    quotas: config.quotas,
    webhookAllowedHosts: parseAllowedHosts(config.WEBHOOK_ALLOWED_HOSTS),
    screenshots: {
      ...config.screenshots,
      onCleanupFailure: logger
        ? (failure) => logger.warn(failure, "deleting objects of a deleted screenshot failed; retried later")
        : undefined,
    },
    account: {
      passwordResetTtlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
      maxFailuresPerAccount: config.SIGNIN_MAX_FAILURES,
      maxFailuresPerAddress: config.SIGNIN_MAX_FAILURES_PER_ADDRESS,
      blockSeconds: config.SIGNIN_BLOCK_SECONDS,
    },
  };
}

export interface AppOptions {
  /**
   * Tests only: handlers put at the end of the REST router, where express alone (without the
   * dispatcher) would otherwise answer an unknown route — the differential tests mount the OpenAPI
   * adapter here as the reference the dispatcher is compared with.
   */
  restReference?: (deps: AppDeps, logger: Logger) => express.RequestHandler[];
}

export function createApp(
  db: Database,
  config: AppConfig,
  logger: Logger = createLogger(config.LOG_LEVEL),
  options: AppOptions = {},
): AppServer {
  // The composition root of the api: its caches and clients live here, not in modules.
  const deps: AppDeps = { db, config, core: coreConfigOf(config, logger), runtime: createCoreRuntime() };
  configureTmEngine(deps, tmEngineSettingsOf(config));
  configureFileParsing({
    inlineBytes: config.IMPORT_PARSE_INLINE_BYTES,
    memoryMb: config.IMPORT_PARSE_MEMORY_MB,
    timeMs: config.IMPORT_PARSE_TIME_MS,
    ...(config.IMPORT_PARSE_WORKERS ? { workers: config.IMPORT_PARSE_WORKERS } : {}),
  });
  const app = express();
  app.disable("x-powered-by");
  retryAfterOnUnavailable(app);
  // req.ip (sign-in throttling, session list): X-Forwarded-For is believed only from TRUST_PROXY peers.
  app.set("trust proxy", trustProxyOf(config.TRUST_PROXY));
  // Where invitation links lead (the service has no web app of its own). Mounted before the
  // request logger on purpose: the link's query string carries the single-use invitation secret.
  mountAcceptInvitePage(app);
  // OpenID Connect start/callback: their query strings carry the state, the code and invitation tokens.
  mountOidcRoutes(app, deps, logger);
  const logRequest = requestLogger(logger, (req) => req.url === "/health");
  app.use(logRequest);

  app.get("/health", (_req, res) => void res.json({ status: "ok" }));

  const openApiDoc = buildOpenApiDocument("/api", Object.assign({}, ...PLAIN_ROUTES.map((r) => r.docs)));
  app.get(["/api/openapi.json", "/api/v1/openapi.json"], (_req, res) => void res.json(openApiDoc));
  // The docs page embeds the whole document in a 2.8 MB script string: built on the first visit,
  // not kept in every process that never serves it. `setup` must run before `serve` answers the
  // page's init script, which it fills in.
  let docsPage: express.RequestHandler | undefined;
  const docsSetup: express.RequestHandler = (_req, _res, next) => {
    docsPage ??= swaggerUi.setup(openApiDoc, { customSiteTitle: "Locale Service API" });
    next();
  };
  const docsServe: express.RequestHandler = (req, res, next) => docsPage?.(req, res, next);
  app.use("/api/docs", docsSetup, swaggerUi.serve, docsServe);

  // One CORS policy for REST, tRPC and GraphQL: the service's own origin and CORS_ORIGINS only.
  app.use(["/api", "/trpc", "/graphql"], corsPolicy(config));

  // Procedure routes and plain operations never get here when `listen` serves the app: the
  // dispatcher answers them in front of express. What does: paths the guard refuses, unknown
  // routes (a body that does not parse is still a 400 there), and in tests the reference the
  // dispatcher is compared with (`restReference`, the OpenAPI adapter it replaced), behind the
  // guards it had.
  const restApi = express.Router();
  restApi.use(refuseAmbiguousPaths);
  restApi.use(express.json({ limit: config.MAX_BODY_BYTES }));
  restApi.use(csrfGuard(config));
  restApi.use(guardInput);
  for (const handler of options.restReference?.(deps, logger) ?? []) restApi.use(handler);
  restApi.use(unknownRestRoute);
  restApi.use(expressErrorHandler(logger));
  // /api/v1 first: the /api mount answers every path below it and never falls through.
  app.use("/api/v1", restApi);
  app.use("/api", restApi);

  app.use(
    "/trpc",
    express.json({ limit: config.MAX_BODY_BYTES }),
    csrfGuard(config),
    guardTrpcInput,
    createExpressMiddleware({
      router: appRouter,
      createContext: contextFactory(deps),
      responseMeta: ({ errors }) => (errors.length > 0 ? { headers: retryAfterHeaders(errors[0]) } : {}),
      onError: ({ error, path }) => logInternalError(logger, error, path),
    }),
    trpcParserErrors,
  );

  app.use("/graphql", ...graphqlHandlers(deps, logger));
  mountWebApp(app);

  app.use(notFoundRoute);
  app.use(expressErrorHandler(logger));
  // Procedure routes are answered in front of express by the REST dispatcher: see listen().
  const dispatch = restDispatcher(app, deps, logger, logRequest);
  frontOf.set(app, dispatch);
  const gate = rateLimitGate(app, deps, logger, logRequest);
  if (gate) gateOf.set(app, gate);
  // The public delivery (docs/delivery.md) goes before all of it: it owns every path under
  // /delivery/, is not rate limited, and logs its hits as a summary (delivery-log.ts).
  const deliveryLog = new DeliveryLog(logger, config.DELIVERY_LOG_INTERVAL_MS);
  const deliveryCache = new DeliveryCache(db, logger, config.DELIVERY_CACHE_TTL_MS);
  // A change this process commits drops its copy at once; other processes hear the NOTIFY.
  deps.runtime.deliveryChanges.on((projectId) => deliveryCache.invalidate(projectId));
  deliveryOf.set(app, deliveryRoute(deliveryCache, logger, deliveryLog));
  return { app, deps, logger, rateLimiter: gate?.limiter ?? null, deliveryLog };
}

type FrontHandler = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
/** The public delivery: the first handler of every request (createApp sets it). */
const deliveryOf = new WeakMap<express.Express, FrontHandler>();
/** What answers a request before the express application does (createApp sets it). */
const frontOf = new WeakMap<express.Express, FrontHandler>();
/** The rate limits every request to an API passes first (docs/api-rules.md, "Rate limits"). */
const gateOf = new WeakMap<express.Express, RateLimitGate>();

/** Listens and resolves with the bound address (port 0 picks a free port). */
export function listen(app: express.Express, port: number, host: string): Promise<{ server: http.Server; url: string }> {
  return new Promise((resolve, reject) => {
    const front = frontOf.get(app);
    const served: http.RequestListener = front ? (req, res) => void (front(req, res) || app(req, res)) : app;
    const gate = gateOf.get(app);
    const gated: http.RequestListener = gate ? (req, res) => gate.pass(req, res, () => served(req, res)) : served;
    const delivery = deliveryOf.get(app);
    const handler: http.RequestListener = delivery ? (req, res) => void (delivery(req, res) || gated(req, res)) : gated;
    const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES, ServerResponse: RetryAfterResponse }, handler);
    server.on("clientError", answerClientError);
    server.once("error", reject);
    server.listen(port, host, () => {
      const addr = server.address();
      const boundPort = typeof addr === "object" && addr ? addr.port : port;
      resolve({ server, url: `http://${host.includes(":") ? `[${host}]` : host}:${boundPort}` });
    });
  });
}
