// OpenID Connect sign-in as plain browser redirects (docs/sign-in-with-oidc.md):
//   GET /api/auth/oidc/:provider/start?returnTo=<path>&invitation=<token> → 302 to the provider
//   GET /api/auth/oidc/:provider/callback?code=…&state=… → session cookie + 302 to returnTo,
//     or 302 to /sign-in?error=<code> (nothing created)
// The start binds the flow's state to the browser with a short-lived HttpOnly cookie, so a
// callback reached from another browser (login CSRF) is refused. Both are mounted by server.ts on
// the app itself, ahead of the request logger: their query strings carry the state, the
// authorization code and invitation tokens, none of which may reach a log. They log one line of
// their own (provider, outcome, reason) instead.
import { AppError, badRequest, unauthorized } from "@locale/core";
import { finishOidcLogin, OIDC_LOGIN_TTL_MS, OidcLoginRefused, type OidcRefusalCode, startOidcLogin } from "@locale/core/auth/oidc";
import { parseCookie } from "cookie";
import type { Express, NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { setSessionCookie } from "../routers/auth/session-cookie";
import { type AppDeps, resolveActor } from "../trpc/context";
import { sendError } from "./error-responses";
import type { PlainRoute } from "./plain-route";

export const OIDC_STATE_COOKIE = "oidc_state";
const PREFIXES = ["/api/v1", "/api"];

function singleQuery(req: Request, field: string): string | undefined {
  const value = req.query[field];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw badRequest(`${field}: must be given once`, [{ path: field, message: "must be given once" }]);
  return value;
}

function redirect(res: Response, location: string): void {
  res.status(302);
  res.setHeader("Location", location);
  res.setHeader("Cache-Control", "no-store");
  // The page after a redirect must not learn the URL that carried the code or the state.
  res.setHeader("Referrer-Policy", "no-referrer");
  res.end();
}

function refuse(res: Response, code: OidcRefusalCode): void {
  redirect(res, `/sign-in?error=${code}`);
}

function stateCookieOptions(deps: AppDeps) {
  // Lax: the callback is a top-level GET navigation coming from the provider's site.
  return { httpOnly: true, sameSite: "lax" as const, secure: deps.config.COOKIE_SECURE, path: "/api" };
}

async function handleStart(deps: AppDeps, logger: Logger, req: Request, res: Response): Promise<void> {
  const provider = deps.config.oidcProviders.find((p) => p.id === req.params.provider);
  if (!provider) {
    logger.warn({ oidc: { provider: String(req.params.provider).slice(0, 40), code: "oidc_unknown_provider" } }, "oidc sign-in refused");
    return refuse(res, "oidc_unknown_provider");
  }
  const returnTo = singleQuery(req, "returnTo");
  const invitationToken = singleQuery(req, "invitation");
  const link = singleQuery(req, "link");
  if (link !== undefined && link !== "true") throw badRequest("link: must be true", [{ path: "link", message: "must be true" }]);
  // Linking needs the signed-in person (a session, not an API key): they prove the account.
  let linkUserId: string | undefined;
  if (link) {
    const actor = await resolveActor(deps, req);
    if (actor?.via !== "session") throw unauthorized();
    linkUserId = actor.userId;
  }
  try {
    const started = await startOidcLogin({ db: deps.db, config: deps.core, runtime: deps.runtime }, provider, {
      returnTo,
      invitationToken,
      linkUserId,
    });
    res.cookie(OIDC_STATE_COOKIE, started.state, { ...stateCookieOptions(deps), maxAge: OIDC_LOGIN_TTL_MS });
    redirect(res, started.authorizationUrl);
  } catch (error) {
    if (!(error instanceof OidcLoginRefused)) throw error;
    logger.warn({ oidc: { provider: provider.id, code: error.code, reason: error.reason } }, "oidc sign-in refused");
    refuse(res, error.code);
  }
}

async function handleCallback(deps: AppDeps, logger: Logger, req: Request, res: Response): Promise<void> {
  const browserState = parseCookie(req.header("cookie") ?? "")[OIDC_STATE_COOKIE];
  // One flow, one cookie: whatever happens next, it is spent.
  res.clearCookie(OIDC_STATE_COOKIE, stateCookieOptions(deps));
  const provider = deps.config.oidcProviders.find((p) => p.id === req.params.provider);
  if (!provider) {
    logger.warn({ oidc: { provider: String(req.params.provider).slice(0, 40), code: "oidc_unknown_provider" } }, "oidc sign-in refused");
    return refuse(res, "oidc_unknown_provider");
  }
  const queryAt = req.originalUrl.indexOf("?");
  try {
    const session = await resolveActor(deps, req);
    const out = await finishOidcLogin({ db: deps.db, config: deps.core, runtime: deps.runtime }, provider, {
      search: queryAt >= 0 ? req.originalUrl.slice(queryAt) : "",
      browserState,
      sessionUserId: session?.via === "session" ? session.userId : undefined,
      userAgent: req.header("user-agent"),
      ipAddress: req.ip,
    });
    if (out.kind === "linked") {
      logger.info({ oidc: { provider: provider.id, userId: out.userId } }, "oidc account linked");
      return redirect(res, out.returnTo);
    }
    for (const notice of out.notices) {
      logger.warn({ oidc: { provider: provider.id, userId: out.user._id, reason: notice.reason } }, `oidc ${notice.event}`);
    }
    setSessionCookie(res, deps.config, out.sessionSecret);
    logger.info({ oidc: { provider: provider.id, userId: out.user._id, organizationId: out.organization._id } }, "oidc sign-in");
    redirect(res, out.returnTo);
  } catch (error) {
    if (!(error instanceof OidcLoginRefused)) throw error;
    const line = { oidc: { provider: provider.id, code: error.code, reason: error.reason } };
    // The events an operator watches for get their own line (docs/sign-in-with-oidc.md "Logs").
    if (error.event) logger.warn(line, `oidc ${error.event}`);
    logger.warn(line, "oidc sign-in refused");
    refuse(res, error.code);
  }
}

function handled(deps: AppDeps, logger: Logger, handler: typeof handleStart) {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(deps, logger, req, res).catch((err: unknown) => {
      if (err instanceof AppError) return sendError(res, err.toBody());
      next(err);
    });
  };
}

/** Mounts start and callback under /api and /api/v1 (call before the request logger). */
export function mountOidcRoutes(app: Express, deps: AppDeps, logger: Logger): void {
  app.get(
    PREFIXES.map((p) => `${p}/auth/oidc/:provider/start`),
    handled(deps, logger, handleStart),
  );
  app.get(
    PREFIXES.map((p) => `${p}/auth/oidc/:provider/callback`),
    handled(deps, logger, handleCallback),
  );
}

const ZProviderParam = z.object({ provider: z.string().describe("A configured provider id (`auth.providers`)") });

const REFUSAL_CODES =
  "`oidc_state` (unknown, tampered, used or expired state, or a callback in another browser), `oidc_failed` (the code exchange or the ID-token validation failed: replayed code, wrong nonce, expired or badly signed token, provider error), `oidc_unverified_email`, `oidc_domain_not_allowed`, `oidc_signup_closed`, `oidc_unknown_provider`, `oidc_account_exists` (an account has this e-mail but is not linked to the provider: its owner links it after signing in, or the provider has `OIDC_<ID>_LINK_BY_EMAIL=true`), `oidc_already_linked` (linking: the provider account belongs to another account)";

export const oidcRoutes: PlainRoute = {
  // Express routes mounted by mountOidcRoutes (server.ts), ahead of the request logger, which the
  // dispatcher would run: see the top of this file. The dispatcher leaves their paths to express.
  operations: [],
  docs: {
    "/auth/oidc/{provider}/start": {
      get: {
        operationId: "auth-oidcStart",
        tags: ["Auth"],
        summary: "Start signing in with an identity provider (browser redirect)",
        description:
          "For browsers: answers 302 to the provider's authorization endpoint (authorization code flow with PKCE S256, state and nonce) and sets a short-lived HttpOnly `oidc_state` cookie that binds the flow to this browser. An unknown provider answers 302 to `/sign-in?error=oidc_unknown_provider`; an unreachable provider 302 to `/sign-in?error=oidc_failed`.",
        security: [],
        requestParams: {
          path: ZProviderParam,
          query: z.object({
            returnTo: z.string().optional().describe("Where to land after signing in: a path of this service (`/…`), default `/`"),
            invitation: z
              .string()
              .optional()
              .describe("An invitation token (from the invitation link): the sign-in accepts that invitation"),
            link: z
              .enum(["true"])
              .optional()
              .describe(
                "`true`: link this provider to the signed-in person's account instead of signing in (needs the session cookie; 401 without). The callback then lands on `returnTo` (default `/account`) with the same session",
              ),
          }),
        },
        responses: {
          "302": {
            description: "To the provider (or to the sign-in page with `?error=<code>`)",
            headers: { Location: { description: "The provider's authorization URL", schema: { type: "string" } } },
          },
          "400": {
            description: "`returnTo` is not a path of this service, `invitation` is unknown, used or expired, or `link` is not `true`",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ValidationErrorBody" } } },
          },
          "401": {
            description: "`link=true` without a session (linking needs the signed-in person, not an API key)",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
          },
        },
      },
    },
    "/auth/oidc/{provider}/callback": {
      get: {
        operationId: "auth-oidcCallback",
        tags: ["Auth"],
        summary: "The redirect URI registered at the provider (browser redirect)",
        description: `The provider sends the browser here with \`code\` and \`state\`. On success: sets the session cookie (session method \`oidc:<provider>\`) and answers 302 to the flow's \`returnTo\`. On refusal: 302 to \`/sign-in?error=<code>\`, nothing created; codes: ${REFUSAL_CODES}. A state works once and only in the browser that started the flow.`,
        security: [],
        requestParams: {
          path: ZProviderParam,
          query: z.object({
            code: z.string().optional(),
            state: z.string().optional(),
            iss: z.string().optional(),
            error: z.string().optional().describe("Set by the provider when the person declined or it failed"),
          }),
        },
        responses: {
          "302": {
            description: "Signed in (to `returnTo`), or refused (to `/sign-in?error=<code>`)",
            headers: { Location: { description: "`returnTo`, or `/sign-in?error=<code>`", schema: { type: "string" } } },
          },
        },
      },
    },
  },
};
